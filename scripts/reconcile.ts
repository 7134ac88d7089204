// `npm run reconcile`: repairs subscriptions and orders from the service's records (lost
// webhooks, lost answers), against the configured database and service; safe to run at any time,
// e.g. from cron. Run with the react-server condition, so the app's server-only modules load outside Next.
import { reconcile } from '@/lib/operations/reconcile';

const { subscriptions: s, orders: o } = await reconcile();
console.log(
  `subscriptions: ${s.checked} checked, ${s.applied} applied, ${s.booked} booked, ${s.ended} ended, ${s.errors.length} errors`,
);
console.log(`orders: ${o.checked} checked, ${o.settled} settled, ${o.errors.length} errors`);
for (const error of [...s.errors, ...o.errors]) console.error(`  ${error}`);
process.exit(s.errors.length + o.errors.length ? 1 : 0);
