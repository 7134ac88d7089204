// V2 billing keys: issue with card credentials (test cards decide), read, list, delete.
import { describe, expect, it } from 'vitest';
import { CARD_CHANNEL, card, issueKey, paymentId, useV2Emulator } from './harness';

describe('V2 billing keys', () => {
  const s = useV2Emulator();

  it('issues a key for an approving card and reads it back as ISSUED', async () => {
    const billingKey = await issueKey(s.api);
    const info = await s.api.ok<{ status: string; customer: { id?: string }; methods: { type: string }[] }>(
      'GET',
      '/billing-keys/{billingKey}',
      { params: { billingKey } },
    );
    expect(info).toMatchObject({ status: 'ISSUED', customer: { id: 'cust-1' } });
    expect(info.methods[0]?.type).toBe('BillingKeyPaymentMethodCard');
  });

  it('refuses a refused or expired card with the PG’s message, issuing nothing', async () => {
    for (const credential of [card('4000000000000002'), { ...card(), expiryYear: '20' }]) {
      await s.api.fails('POST', '/billing-keys', 502, 'PG_PROVIDER', {
        body: { channelKey: CARD_CHANNEL, method: { card: { credential } } },
      });
    }
  });

  it('deletes a key: DELETED, no longer chargeable, a second delete refused', async () => {
    const billingKey = await issueKey(s.api);
    const deleted = await s.api.ok<{ deletedAt: string }>('DELETE', '/billing-keys/{billingKey}', {
      params: { billingKey },
    });
    expect(deleted.deletedAt).toMatch(/^2026-01-15T/);
    expect(
      await s.api.ok<{ status: string }>('GET', '/billing-keys/{billingKey}', { params: { billingKey } }),
    ).toMatchObject({ status: 'DELETED' });
    await s.api.fails('POST', '/payments/{paymentId}/billing-key', 409, 'BILLING_KEY_ALREADY_DELETED', {
      params: { paymentId: paymentId() },
      body: { billingKey, orderName: '구독', amount: { total: 1000 }, currency: 'KRW' },
    });
    await s.api.fails('DELETE', '/billing-keys/{billingKey}', 409, 'BILLING_KEY_ALREADY_DELETED', {
      params: { billingKey },
    });
    await s.api.fails('GET', '/billing-keys/{billingKey}', 404, 'BILLING_KEY_NOT_FOUND', {
      params: { billingKey: 'billing-key-unknown' },
    });
  });

  it('lists keys with a status filter', async () => {
    const kept = await issueKey(s.api);
    const gone = await issueKey(s.api);
    await s.api.ok('DELETE', '/billing-keys/{billingKey}', { params: { billingKey: gone } });
    const issued = await s.api.ok<{ items: { billingKey: string; status: string }[]; page: { totalCount: number } }>(
      'GET',
      '/billing-keys',
      { body: { page: { size: 1000 }, filter: { status: ['ISSUED'] } } },
    );
    const keys = issued.items.map((i) => i.billingKey);
    expect(keys).toContain(kept);
    expect(keys).not.toContain(gone);
    expect(issued.page.totalCount).toBe(issued.items.length);
  });
});
