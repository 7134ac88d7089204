// Hosted-checkout sessions: kept for their TTL on the merchant's clock, readable without
// credentials (the checkout page reads them), gone (410) once expired or closed.
import { describe, expect, it } from 'vitest';
import { paymentId, STORE_ID, useV2Emulator } from './harness';

describe('V2 payment sessions', () => {
  const s = useV2Emulator();
  const create = (ttlSeconds?: number) =>
    s.api.call<{ sessionId: string; url: string; expiresAt: string; type?: string }>('POST', '/payment-sessions', {
      body: {
        storeId: STORE_ID,
        paymentId: paymentId('session'),
        profileKey: 'profile-key-1',
        country: 'KR',
        currency: 'KRW',
        totalAmount: 12_000,
        orderName: '세션 주문',
        redirectUrl: 'https://shop.example/done',
        ...(ttlSeconds === undefined ? {} : { ttlSeconds }),
      },
    });

  it('answers a session until its TTL passes on the merchant’s clock', async () => {
    const created = await create(600);
    expect(created.status).toBe(200);
    const { sessionId, url } = created.body;
    expect(url).toBe(`${s.emulator.v2Url}/payment-sessions/${sessionId}`);
    const read = await s.api.ok<{ totalAmount: number; redirectUrl: string }>('GET', '/payment-sessions/{sessionId}', {
      params: { sessionId },
      authorization: null,
    });
    expect(read).toMatchObject({ totalAmount: 12_000, redirectUrl: 'https://shop.example/done' });
    await s.advance(600);
    await s.api.fails('GET', '/payment-sessions/{sessionId}', 410, 'SESSION_EXPIRED', { params: { sessionId } });
  });

  it('is gone once closed; an unknown session and a too-long TTL are refused', async () => {
    const { sessionId } = (await create()).body;
    await s.api.ok('POST', '/payment-sessions/{sessionId}/close', { params: { sessionId } });
    await s.api.fails('GET', '/payment-sessions/{sessionId}', 410, 'SESSION_EXPIRED', { params: { sessionId } });
    await s.api.fails('GET', '/payment-sessions/{sessionId}', 404, 'SESSION_NOT_FOUND', {
      params: { sessionId: 'nope' },
    });
    expect(await create(2 * 86_400)).toMatchObject({ status: 400, body: { type: 'MAX_TTL_EXCEEDED' } });
  });

  it('evaluates the store’s checkout profile: its card and Kakao Pay channels for Korea in won', async () => {
    const query = { profileKey: `checkout-profile-${STORE_ID}`, country: 'KR', currency: 'KRW', amount: '10000' };
    const kr = await s.api.ok<{ methods: { paymentMethod: string; channelKey: string }[] }>(
      'GET',
      '/checkout-profiles/evaluate',
      { query, authorization: null },
    );
    expect(kr.methods.map((m) => m.paymentMethod)).toEqual(['CARD_KR', 'KAKAO_PAY']);
    const us = await s.api.ok<{ methods: unknown[] }>('GET', '/checkout-profiles/evaluate', {
      query: { ...query, country: 'US', currency: 'USD' },
    });
    expect(us.methods).toEqual([]);
    await s.api.fails('GET', '/checkout-profiles/evaluate', 404, 'PROFILE_SETTINGS_NOT_FOUND', {
      query: { ...query, profileKey: 'nope' },
    });
  });
});
