// The race sweep's second app instance, in a process of its own (its own database pool, service
// client and token, no memory shared with the first): started by the sweep with DATABASE_URL and
// IMP_API_URL pointing at the test's database and emulator, through tsx with ./tsconfig.json (which
// maps `server-only` to an empty module, as Vitest does). Prints its address as one JSON line.
import { closeDb } from '@/lib/db/connection';
import { startAppInstance } from './app-instance';

const instance = await startAppInstance();
process.stdout.write(`${JSON.stringify({ url: instance.url })}\n`);
process.on('SIGTERM', () => {
  void instance
    .close()
    .then(closeDb)
    .finally(() => process.exit(0));
});
