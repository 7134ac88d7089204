import { describe, expect, it } from 'vitest';
import { setupAppTest } from '@/test/app-harness';
import { TEST_CARDS } from '@/test/emulator/kit';
import { createTestCard, createTestUser } from '@/test/factories';
import { withAnswersLost } from '@/test/lossy-client';
import { chargeCard, resolveCharge } from './charge-card';
import { mintServiceId } from './ids';

const app = setupAppTest();

async function charge(cardNumber: string) {
  const user = await createTestUser();
  const card = await createTestCard(user.id, { cardNumber });
  const merchantUid = mintServiceId('ord');
  const result = await chargeCard({ merchantUid, customerUid: card.customerUid, amount: 1000, name: '테스트 상품' });
  return { merchantUid, result };
}

const chargedAt = async (merchantUid: string) =>
  (await app.emulator().payments()).filter((payment) => payment.merchant_uid === merchantUid);

describe('chargeCard', () => {
  it('an approved card is paid, with the payment record', async () => {
    const { merchantUid, result } = await charge(TEST_CARDS.approved);
    expect(result).toMatchObject({ status: 'paid', payment: { merchant_uid: merchantUid, amount: 1000 } });
  });

  it.each([
    [TEST_CARDS.insufficientBalance, '잔액부족'],
    [TEST_CARDS.limitExceeded, '한도초과'],
    [TEST_CARDS.suspended, '정지된 카드'],
  ])('a declined card (%s) fails with the issuer reason', async (cardNumber, reason) => {
    const { result } = await charge(cardNumber);
    expect(result.status).toBe('failed');
    expect(result.status === 'failed' && result.reason).toContain(reason);
  });

  it('an unreachable issuer fails with the service message and charges nothing', async () => {
    const { merchantUid, result } = await charge(TEST_CARDS.issuerUnreachable);
    expect(result.status).toBe('failed');
    expect((await chargedAt(merchantUid)).filter((payment) => payment.status === 'paid')).toEqual([]);
  });

  it('a timeout is resolved by looking the order up, never by charging again', async () => {
    const user = await createTestUser();
    const card = await createTestCard(user.id);
    await app.emulator().injectFault({ method: 'POST', path: '/subscribe/payments/again', action: 'hang' });
    const merchantUid = mintServiceId('ord');
    const result = await chargeCard({ merchantUid, customerUid: card.customerUid, amount: 1000, name: '테스트 상품' });
    expect(result).toMatchObject({ status: 'pending' });
    expect(await chargedAt(merchantUid)).toEqual([]);
    expect(await resolveCharge(merchantUid, 1000)).toEqual({ status: 'not_found' });
  });

  it('a charge made whose answer is lost on the way back is found paid at once, charged once', async () => {
    const user = await createTestUser();
    const card = await createTestCard(user.id);
    const merchantUid = mintServiceId('ord');
    const result = await withAnswersLost(app, 'POST /subscribe/payments/again', () =>
      chargeCard({ merchantUid, customerUid: card.customerUid, amount: 1000, name: '테스트 상품' }),
    );
    expect(result).toMatchObject({ status: 'paid', payment: { merchant_uid: merchantUid } });
    expect(await chargedAt(merchantUid)).toHaveLength(1);
  });
});
