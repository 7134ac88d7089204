// `npm run jobs`: the mail worker alone, for deployments that run background work in its own
// process (set MAIL_WORKER=off on the app instances then). Several may run: they share the outbox.
// Run with the react-server condition, so the app's server-only modules load outside Next.
import { startMailWorker } from '@/lib/mail/run-worker';

const worker = startMailWorker();
console.log('jobs: mail worker running; Ctrl-C stops it.');
const stop = () => void worker.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
