import 'server-only';
import { ABANDONED_AFTER_MS, deleteHeldKeys, listCardsWithUnwantedKeys, markRemoved } from '@/lib/cards';
import { failureOf } from '@/lib/iamport';

// Billing keys the service must not keep (lib/cards/keys.ts): reconciliation deletes any it still holds.

export interface KeysReport {
  /** customer_uids looked at: removed cards, cards of withdrawn accounts, abandoned registrations. */
  checked: number;
  /** Keys the service still held, deleted now. */
  deleted: number;
  errors: string[];
}

/**
 * Every customer_uid ever minted here that is not a live card — removed, of a withdrawn account, or
 * pending past ABANDONED_AFTER_MS — has its keys deleted at the service (a key it does not hold is
 * gone either way); a pending one is marked removed. V1's key is named by the customer_uid itself;
 * V2's are listed by it as the customer id, so a key whose issuance answer was lost is found again.
 * One call per such card and run (V2: one listing, then a delete per key held): V1 lists no keys,
 * and a window may re-issue a key under an old customer_uid at any time.
 */
export async function reconcileBillingKeys(appNow = Date.now()): Promise<KeysReport> {
  const unwanted = await listCardsWithUnwantedKeys(new Date(appNow - ABANDONED_AFTER_MS));
  const report: KeysReport = { checked: 0, deleted: 0, errors: [] };
  for (const card of unwanted) {
    report.checked += 1;
    try {
      if (await deleteHeldKeys(card)) report.deleted += 1;
      if (card.status !== 'removed') await markRemoved(card.id);
    } catch (error) {
      report.errors.push(failureOf(`card ${card.customerUid}`, error));
    }
  }
  return report;
}
