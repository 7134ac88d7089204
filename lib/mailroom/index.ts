// The public face of lib/mailroom: other folders import it through here, never a file inside.
import 'server-only';

export { type MailWorker, startMailWorker } from './run-worker';
