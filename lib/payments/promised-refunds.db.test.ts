// A promised refund is marked failed only when the service's record shows it was not made: a
// refusal alone is not enough, since the refusal may be the service turning down a second ask of
// a refund the first ask already made (two requests resolving one promise at once).
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/connection';
import { iamport } from '@/lib/iamport';
import { setupAppTest } from '@/test/app-harness';
import { createTestCard, createTestUser } from '@/test/factories';
import { chargeCard } from './charge-card';
import { mintServiceId } from './ids';
import { makeRefund, promiseRefund, type Refund, type RefundBook, resolveRefund } from './promised-refunds';

const app = setupAppTest();

/** A paid 1,000-won payment and a promise to refund 300 of it, written down as an owner does. */
async function promised() {
  const user = await createTestUser();
  const card = await createTestCard(user.id);
  const merchantUid = mintServiceId('ord');
  const charged = await chargeCard({ merchantUid, customerUid: card.customerUid, amount: 1000, name: '테스트 상품' });
  if (charged.status !== 'paid') throw new Error(`not paid: ${charged.status}`);
  const db = await getDb();
  const claim = await db.transaction((tx) =>
    promiseRefund(tx, {
      payment: charged.payment,
      merchantUid,
      userId: user.id,
      origin: 'operator',
      amount: 300,
      reason: '부분 환불',
      now: charged.payment.paid_at,
    }),
  );
  if (claim.kind !== 'promised') throw new Error(`not promised: ${claim.kind}`);
  return claim.refund;
}

function book() {
  const seen = { made: [] as Refund[], failed: [] as string[] };
  const recorder: RefundBook = {
    made: async (_tx, refund) => void seen.made.push(refund),
    failed: async (_tx, _refund, message) => void seen.failed.push(message),
  };
  return { seen, recorder };
}

describe('makeRefund', () => {
  it('a refusal whose record cannot be read leaves the promise unknown, and the record then finds it made', async () => {
    const refund = await promised();
    // The first ask of this promise landed at the service (its answer went to another request).
    await iamport().payments.cancel({
      imp_uid: refund.impUid,
      amount: refund.amount,
      checksum: refund.checksum,
      reason: refund.reason,
    });
    // This ask is refused (the balance moved: by its own refund), and the record cannot be read (the
    // client's retries of a read included).
    await app.emulator().injectFault({ method: 'GET', path: `/payments/${refund.impUid}`, action: '500', count: 10 });
    const { seen, recorder } = book();

    const outcome = await makeRefund(refund, recorder);
    expect(outcome.kind).toBe('unknown');
    expect(seen.failed).toEqual([]);

    await app.emulator().clearFaults();
    const later = await resolveRefund(outcome.refund, recorder);
    expect(later).toMatchObject({ kind: 'refunded', refund: { status: 'made', amount: 300 } });
    expect(seen.made).toHaveLength(1);
    expect(seen.failed).toEqual([]);
  });

  it('a refusal the record confirms (nothing of ours made) is final', async () => {
    const refund = await promised();
    // Someone else's refund moved the balance: ours can never be made with its checksum.
    await iamport().payments.cancel({ imp_uid: refund.impUid, amount: 100, reason: '다른 환불' });
    const { seen, recorder } = book();

    const outcome = await makeRefund(refund, recorder);
    expect(outcome).toMatchObject({ kind: 'refused', refund: { status: 'failed' } });
    expect(seen.failed).toHaveLength(1);
    expect(seen.made).toEqual([]);
  });
});
