// The public face of lib/legal: other folders import it through here, never a file inside.
import 'server-only';

export { sellerInfo } from './seller';
