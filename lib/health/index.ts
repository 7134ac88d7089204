// The public face of lib/health: other folders import it through here, never a file inside.
import 'server-only';

export { readiness } from './readiness';
