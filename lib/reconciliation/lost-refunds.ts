import 'server-only';
import { failureOf } from '@/lib/iamport';
import { type Refund, type RefundBook, type RefundOutcome, refundsInFlight, resolveRefund } from '@/lib/payments';

/** How one refund whose answer was lost is resolved: its owner's book, and what follows once it is committed. */
export interface LostRefund {
  book: RefundBook;
  afterwards?: () => Promise<void>;
}

export interface LostRefundsReport {
  /** Resolved: found made (recorded) or never to be made. */
  resolved: number;
  /** Never to be made, with the service's reason (reported in the audit log too). */
  failed: string[];
  /** Not resolved yet: the next run tries again. */
  errors: string[];
}

/**
 * Refunds of these origins whose answer was lost, each resolved from the payment's record through
 * its owner's book (asked once more when the record shows nothing new; the checksum keeps that to
 * once).
 */
export async function resolveLostRefunds(
  origins: Refund['origin'][],
  lost: (refund: Refund) => LostRefund,
): Promise<LostRefundsReport> {
  const report: LostRefundsReport = { resolved: 0, failed: [], errors: [] };
  for (const refund of await refundsInFlight(...origins)) {
    const { book, afterwards } = lost(refund);
    let outcome: RefundOutcome;
    try {
      outcome = await resolveRefund(refund, book);
    } catch (error) {
      report.errors.push(failureOf(`${refund.merchantUid}: refund`, error));
      continue;
    }
    if (outcome.kind === 'unknown')
      report.errors.push(`${refund.merchantUid}: refund of ${refund.amount} still unknown`);
    else report.resolved += 1;
    if (outcome.kind === 'refused') report.failed.push(`${refund.merchantUid}: ${outcome.message}`);
    await afterwards?.();
  }
  return report;
}
