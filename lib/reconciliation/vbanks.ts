import 'server-only';
import { failureOf, IamportError, iamport } from '@/lib/iamport';
import { applyPayment, listVbanksPastDue } from '@/lib/orders';

/**
 * 가상계좌 orders still waiting whose deadline has passed on the service's clock: the service sends no
 * notice when an account expires, so each one's record is read and applied — expired: the order is
 * cancelled (and mailed); a deposit whose notice was lost: paid. Counted into the orders' report.
 */
export async function settleVbanksPastDue(): Promise<{ checked: number; settled: number; errors: string[] }> {
  const report = { checked: 0, settled: 0, errors: [] as string[] };
  let now: number;
  try {
    now = await iamport().serviceNow({ fresh: true });
  } catch (error) {
    if (!(error instanceof IamportError)) throw error;
    report.errors.push(`vbanks: ${error.message}`);
    return report;
  }
  for (const order of await listVbanksPastDue(now)) {
    report.checked += 1;
    try {
      if (!order.impUid) continue;
      const after = await applyPayment(order, await iamport().payments.get({ imp_uid: order.impUid }));
      if (after.status !== order.status) report.settled += 1;
    } catch (error) {
      report.errors.push(failureOf(order.merchantUid, error));
    }
  }
  return report;
}
