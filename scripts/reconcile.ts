// `npm run reconcile`: repairs subscriptions and orders from the service's records (lost
// webhooks, lost answers), then sweeps the service's list of our paid payments for money nothing
// here accounts for; against the configured database and service; safe to run at any time, e.g.
// from cron (`npm run jobs` runs it on a schedule). The run is recorded for the console's 대사 page
// like the scheduled ones. It logs like the app. Run with the react-server condition, so the app's server-only modules load outside Next.
import { runCommand } from '@/lib/db';
import { logFor } from '@/lib/log';
import { commandReconciliation } from '@/lib/reconciliation';

const log = logFor('reconciliation');

await runCommand('reconcile', async () => {
  const {
    refunds: r,
    subscriptions: s,
    orders: o,
    payments: p,
    cashReceipts: x,
    cards: c,
    prunedDeliveries,
  } = await commandReconciliation();
  log.info(`refunds whose answer was lost: ${r.resolved} resolved, ${r.failed.length} not made (see the audit log)`);
  for (const failed of r.failed) log.info(`  ${failed}`);
  log.info(
    `subscriptions: ${s.checked} checked, ${s.applied} applied, ${s.refunded} refunded, ${s.booked} booked, ${s.ended} ended, ${s.errors.length} errors`,
  );
  log.info(`orders: ${o.checked} checked, ${o.settled} settled, ${o.errors.length} errors`);
  log.info(`payments swept: ${p.checked} paid, ${p.settled} not accounted for and settled (${p.refunded} refunded)`);
  for (const found of p.found) log.info(`  ${found}`);
  log.info(`cash receipts: ${x.checked} checked, ${x.issued} issued, ${x.cancelled} cancelled`);
  log.info(`billing keys: ${c.checked} customer_uids not live checked, ${c.deleted} keys deleted`);
  log.info(`webhook deliveries pruned: ${prunedDeliveries}`);
  const errors = [...r.errors, ...s.errors, ...o.errors, ...p.errors, ...x.errors, ...c.errors];
  for (const error of errors) log.warn(`  ${error}`);
  return errors.length ? 1 : 0;
});
