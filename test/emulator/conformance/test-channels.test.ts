// Test channels (the real service from 2026-01-26): payments and billing keys made through a
// merchant's test channel carry sandbox: true, and reads leave sandbox payments out unless
// include_sandbox=true. The default merchant's channels stay live.
import { describe, expect, it } from 'vitest';
import { defaultMerchant } from '@/emulator/merchants';
import type { BillingKeyWire, PaymentWire } from '../kit';
import { cardFields, ServiceApi, uid, useEmulator } from './harness';

describe('Test channels (sandbox)', () => {
  const s = useEmulator();
  const tester = async () => {
    await s.emulator.upsertMerchant({
      code: 'imp80000001',
      key: 'sandbox-key',
      secret: 'sandbox-secret',
      test_channels: ['kcp', 'nice.test_store'],
    });
    return new ServiceApi(s.emulator.url, { imp_key: 'sandbox-key', imp_secret: 'sandbox-secret' });
  };
  const onetime = (api: ServiceApi, pg: string | undefined, merchant_uid = uid()) =>
    api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid,
      amount: 5000,
      ...(pg ? { pg } : {}),
      ...cardFields(),
    });

  it('a payment through a test channel is sandbox, and reads show it only with include_sandbox=true', async () => {
    const api = await tester();
    const merchant_uid = uid();
    const paid = await onetime(api, 'kcp.any_store', merchant_uid);
    expect(paid.body.response).toMatchObject({ status: 'paid', sandbox: true });
    const imp_uid = paid.body.response?.imp_uid;
    expect((await api.get(`/payments/${imp_uid}`, 'PaymentResponse')).status).toBe(404);
    const included = await api.get<PaymentWire>(`/payments/${imp_uid}?include_sandbox=true`, 'PaymentResponse');
    expect(included.body.response).toMatchObject({ imp_uid, sandbox: true });
    expect((await api.get(`/payments/find/${merchant_uid}`, 'PaymentResponse')).status).toBe(404);
    expect((await api.get(`/payments/find/${merchant_uid}/paid?include_sandbox=true`, 'PaymentResponse')).status).toBe(
      200,
    );
    type Page = { total: number; list: PaymentWire[] };
    expect((await api.get<Page>('/payments/status/paid', 'PaymentListResponse')).body.response?.total).toBe(0);
    const listed = await api.get<Page>('/payments/status/paid?include_sandbox=true', 'PaymentListResponse');
    expect(listed.body.response?.list.map((p) => p.imp_uid)).toEqual([imp_uid]);
    // A sandbox payment is refunded like any other (the merchant must be able to give it back).
    const refunded = await api.post<PaymentWire>('/payments/cancel', 'PaymentResponse', { imp_uid });
    expect(refunded.body.response).toMatchObject({ status: 'cancelled', sandbox: true });
  });

  it('a live channel of the same merchant is not sandbox; a store id names one store only', async () => {
    const api = await tester();
    for (const pg of [undefined, 'nice.live_store', 'html5_inicis']) {
      const answer = await onetime(api, pg);
      expect(answer.body.response?.sandbox, pg).toBe(false);
      expect((await api.get(`/payments/${answer.body.response?.imp_uid}`, 'PaymentResponse')).status).toBe(200);
    }
    expect((await onetime(api, 'nice.test_store')).body.response?.sandbox).toBe(true);
  });

  it('a billing key issued through a test channel is sandbox, and so are its charges', async () => {
    const api = await tester();
    const customer_uid = uid('cust');
    const key = await api.post<BillingKeyWire>(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', {
      pg: 'kcp',
      ...cardFields(),
    });
    expect(key.body.response).toMatchObject({ pg_provider: 'kcp', sandbox: true });
    const again = await api.post<PaymentWire>('/subscribe/payments/again', 'PaymentResponse', {
      customer_uid,
      merchant_uid: uid(),
      amount: 9900,
      name: '월 구독',
    });
    expect(again.body.response).toMatchObject({ status: 'paid', sandbox: true });
    const live = await api.post<BillingKeyWire>(
      `/subscribe/customers/${uid('cust')}`,
      'CustomerResponse',
      cardFields(),
    );
    expect(live.body.response?.sandbox).toBe(false);
  });

  it("the default merchant's channels stay live, and a restart's start-up merchant keeps test channels set since", async () => {
    const [first] = await s.emulator.merchants();
    expect(first?.code).toBe('imp00000000');
    expect(first?.test_channels ?? []).toEqual([]);
    const paid = await onetime(s.api, 'html5_inicis');
    expect(paid.body.response?.sandbox).toBe(false);
    await s.emulator.upsertMerchant({ code: 'imp00000000', test_channels: ['kakaopay'] });
    s.emulator.core.upsertMerchant(defaultMerchant());
    expect(s.emulator.core.merchant('imp00000000')?.test_channels).toEqual(['kakaopay']);
    await s.emulator.upsertMerchant({ code: 'imp00000000', test_channels: [] });
  });

  it('test_channels must be a short list of pg values', async () => {
    for (const test_channels of [['kcp store'], 'kcp', Array.from({ length: 21 }, (_, i) => `pg${i}`)]) {
      await expect(
        s.emulator.upsertMerchant({ code: 'imp80000001', test_channels: test_channels as string[] }),
      ).rejects.toThrow(/^test_channels/);
    }
  });
});
