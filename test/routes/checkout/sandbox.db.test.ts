// Issue 13, item 8 (the app's side): a test-channel (sandbox) payment moved no money, so in
// production it never buys anything — paid for the right amount, it is refused and refunded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { createIamportClient } from '@/lib/iamport';
import { setupAppTest } from '@/test/app-harness';
import { Shopper } from '@/test/kits/orders';
import { setOverride } from '@/test/kits/overrides';

const app = setupAppTest();
const TEST_CHANNEL = 'html5_inicis.test_store';

beforeAll(async () => {
  await app.emulator().upsertMerchant({ code: 'imp00000000', test_channels: [TEST_CHANNEL] });
  // A merchant testing on the test channel reads sandbox payments (IMP_INCLUDE_SANDBOX=true).
  setOverride(
    'iamport',
    createIamportClient({ baseUrl: app.emulator().url, key: 'test_key', secret: 'test_secret', includeSandbox: true }),
  );
});
afterAll(() => {
  env.NODE_ENV = 'test';
});

describe('sandbox payments', () => {
  it('in production, a paid sandbox payment for the right amount is refused (sandbox_payment) and refunded', async () => {
    env.NODE_ENV = 'production';
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout();
    const { rsp, payment } = await shopper.payInWindow(app.emulator(), { ...checkout, pg: TEST_CHANNEL });
    expect(payment).toMatchObject({ status: 'paid', sandbox: true, amount: checkout.amount });
    const response = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid });
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe('sandbox_payment');
    const now = (await app.emulator().payments()).find((p) => p.imp_uid === rsp.imp_uid);
    expect(now).toMatchObject({ status: 'cancelled', cancel_amount: checkout.amount });
    expect((await shopper.orders())[0]).toMatchObject({ status: 'refunded' });
  });

  it('outside production (a merchant trying the test channel) it buys as usual', async () => {
    env.NODE_ENV = 'test';
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout();
    const { rsp } = await shopper.payInWindow(app.emulator(), { ...checkout, pg: TEST_CHANNEL });
    const response = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid });
    expect((await response.json()).order).toMatchObject({ status: 'paid' });
  });
});
