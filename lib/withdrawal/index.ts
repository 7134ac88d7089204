// The public face of lib/withdrawal: other folders import it through here, never a file inside.
import 'server-only';

export { withdraw } from './withdraw';
