// `npm run reconcile`: repairs subscriptions from the service's records (lost webhooks, lost
// answers), against the configured database and service; safe to run at any time, e.g. from cron.
// Run with the react-server condition, so the app's server-only modules load outside Next.
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';

const report = await reconcileSubscriptions();
console.log(
  `reconcile: ${report.checked} checked, ${report.applied} applied, ${report.booked} booked, ${report.ended} ended, ${report.errors.length} errors`,
);
for (const error of report.errors) console.error(`  ${error}`);
process.exit(report.errors.length ? 1 : 0);
