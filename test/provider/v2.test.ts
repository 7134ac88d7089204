import { Webhook } from '@portone/server-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payInWindow } from '@/emulator/v2/service/windows';
import {
  createV2Provider,
  type PaymentProvider,
  ProviderApiError,
  ProviderChargeUnknownError,
  ProviderNoticeError,
  ProviderUnavailableError,
} from '@/lib/provider';
import { startTestEmulator, TEST_CARDS, type TestEmulator } from '@/test/emulator/kit';
import { card, type ProviderRig, providerContract, uid } from './contract';
import { type NoticeCatcher, startNoticeCatcher } from './notice-catcher';

// The V2 adapter (lib/provider/v2 on @portone/server-sdk) against the emulator's V2 listener, over
// HTTP; the windows are the emulator's own service functions, as its hosted V2 pages call them.

const WEBHOOK_SECRET = 'whsec_dGVzdF92Ml93ZWJob29rX3NlY3JldF8wMDAw';

let rig: ProviderRig;
let emulator: TestEmulator;
let notices: NoticeCatcher;
let provider: PaymentProvider;
let v2Url: string;

beforeAll(async () => {
  notices = await startNoticeCatcher();
  emulator = await startTestEmulator({ v2WebhookUrl: notices.url });
  v2Url = emulator.v2Url;
  provider = createV2Provider({
    baseUrl: v2Url,
    secret: 'test_v2_api_secret',
    storeId: 'store-00000000-0000-4000-8000-000000000000',
    cardChannelKey: 'channel-key-00000000-0000-4000-8000-0000000000c1',
    webhookSecret: WEBHOOK_SECRET,
    timeoutMs: 1500,
  });
  rig = {
    provider,
    emulator,
    notices,
    testChannels: false,
    async payInWindow(orderId, amount) {
      payInWindow(emulator.core, emulator.merchant.code, {
        channelKey: null,
        request: { paymentId: orderId, orderName: '주문', total: amount, currency: 'KRW' },
        means: { card: { number: TEST_CARDS.approved, expiryYear: '99', expiryMonth: '12' } },
      });
      return orderId;
    },
  };
});

afterAll(async () => {
  await emulator?.close();
  await notices?.close();
});

providerContract('V2', () => rig);

describe('V2: keys issued by the service, signed notices', () => {
  it('the key is the one the service issued, not our reference', async () => {
    const reference = uid('cus');
    const result = await provider.registerCard({ reference, card: card() });
    if (result.outcome !== 'issued') throw new Error(`expected a key, got ${result.outcome}`);
    expect(result.key.key).not.toBe(reference);
    expect(await provider.readKey(result.key.key)).toMatchObject({ api: 'v2', key: result.key.key });
    const notice = await notices.waitFor(result.key.key);
    expect(await provider.receiveNotice(notice)).toEqual({ kind: 'billing_key', key: result.key.key, event: 'issued' });
  });

  it('a channel the store marks as a test channel issues sandbox keys and payments; the others are live', async () => {
    const store = emulator.core.merchant(emulator.merchant.code)?.v2;
    const cardChannel = store?.channels.find((channel) => channel.pay_methods.includes('CARD'));
    if (!cardChannel) throw new Error('the default store has no card channel');
    cardChannel.test = true;
    try {
      const result = await provider.registerCard({ reference: uid('cus'), card: card() });
      if (result.outcome !== 'issued') throw new Error(`expected a key, got ${result.outcome}`);
      expect(result.key.sandbox).toBe(true);
      const charged = await provider.chargeKey({
        key: result.key.key,
        orderId: uid('ord'),
        amount: 1000,
        orderName: '시험',
      });
      expect(charged).toMatchObject({ outcome: 'paid', payment: { sandbox: true } });
    } finally {
      delete cardChannel.test;
    }
    const live = await provider.registerCard({ reference: uid('cus'), card: card() });
    expect(live).toMatchObject({ outcome: 'issued', key: { sandbox: false } });
  });

  it('a notice signed with another secret, or re-signed body, is refused before anything is read', async () => {
    const key = await provider.registerCard({ reference: uid('cus'), card: card() });
    if (key.outcome !== 'issued') throw new Error('no key');
    const paid = await provider.chargeKey({ key: key.key.key, orderId: uid('ord'), amount: 2200, orderName: '주문' });
    if (paid.outcome !== 'paid') throw new Error(`expected paid, got ${paid.outcome}`);
    const notice = await notices.waitFor(paid.payment.orderId);
    const tampered = {
      body: notice.body.replace('2200', '2300').replace(paid.payment.orderId, uid('ord')),
      headers: notice.headers,
    };
    await expect(provider.receiveNotice(tampered)).rejects.toBeInstanceOf(ProviderNoticeError);
    const unsigned = new Headers(notice.headers);
    unsigned.delete('webhook-signature');
    await expect(provider.receiveNotice({ body: notice.body, headers: unsigned })).rejects.toBeInstanceOf(
      ProviderNoticeError,
    );
  });

  it('a notice is judged on the service clock: still good after the clock moved a month', async () => {
    await emulator.advanceClock(30 * 86_400);
    const key = await provider.registerCard({ reference: uid('cus'), card: card() });
    if (key.outcome !== 'issued') throw new Error('no key');
    const paid = await provider.chargeKey({ key: key.key.key, orderId: uid('ord'), amount: 3300, orderName: '주문' });
    if (paid.outcome !== 'paid') throw new Error(`expected paid, got ${paid.outcome}`);
    const notice = await notices.waitFor(paid.payment.orderId);
    expect(await provider.receiveNotice(notice)).toMatchObject({ kind: 'payment', payment: { status: 'paid' } });
  });
});

describe('V2: what the SDK does not do for us', () => {
  const keyed = async () => {
    const key = await provider.registerCard({ reference: uid('cus'), card: card() });
    if (key.outcome !== 'issued') throw new Error('no key');
    return key.key.key;
  };

  it('our signature check agrees with the SDK Webhook.verify on a notice the emulator sent', async () => {
    const orderId = uid('ord');
    const paid = await provider.chargeKey({ key: await keyed(), orderId, amount: 1100, orderName: '주문' });
    expect(paid.outcome).toBe('paid');
    const notice = await notices.waitFor(orderId);
    // The SDK judges the timestamp on this machine's clock; the emulator's has moved on (earlier
    // tests advanced it), so the SDK is asked at the notice's own time.
    vi.useFakeTimers({ toFake: ['Date'], now: Number(notice.headers.get('webhook-timestamp')) * 1000 });
    const verified = await Webhook.verify(WEBHOOK_SECRET, notice.body, Object.fromEntries(notice.headers)).finally(() =>
      vi.useRealTimers(),
    );
    expect(verified).toMatchObject({ type: 'Transaction.Paid', data: { paymentId: orderId } });
    expect(await provider.receiveNotice(notice)).toMatchObject({ kind: 'payment', payment: { orderId } });
  });

  it('a 500 or no answer at all to a charge is an unknown outcome, never a decline', async () => {
    const key = await keyed();
    const failed = uid('ord');
    await emulator.injectFault({ method: 'POST', path: `/payments/${failed}/billing-key`, action: '500', count: 1 });
    await expect(provider.chargeKey({ key, orderId: failed, amount: 1000, orderName: '주문' })).rejects.toBeInstanceOf(
      ProviderChargeUnknownError,
    );
    const hung = uid('ord');
    await emulator.injectFault({ method: 'POST', path: `/payments/${hung}/billing-key`, action: 'hang', count: 1 });
    await expect(provider.chargeKey({ key, orderId: hung, amount: 1000, orderName: '주문' })).rejects.toBeInstanceOf(
      ProviderChargeUnknownError,
    );
    expect(await provider.resolveCharge(failed)).toMatchObject({ outcome: 'not_found' });
    expect(await provider.resolveCharge(hung)).toMatchObject({ outcome: 'not_found' });
  });

  it('a read the service fails is unavailable; a wrong secret is the service refusing us', async () => {
    const orderId = uid('ord');
    await emulator.injectFault({ method: 'GET', path: `/payments/${orderId}`, action: '503', count: 1 });
    await expect(provider.readPayment(orderId)).rejects.toBeInstanceOf(ProviderUnavailableError);
    const stranger = createV2Provider({
      baseUrl: v2Url,
      secret: 'not-our-secret',
      storeId: 'store-00000000-0000-4000-8000-000000000000',
      cardChannelKey: 'channel-key-00000000-0000-4000-8000-0000000000c1',
      webhookSecret: WEBHOOK_SECRET,
    });
    await expect(stranger.readPayment(orderId)).rejects.toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    await expect(stranger.readPayment(orderId)).rejects.toBeInstanceOf(ProviderApiError);
  });
});
