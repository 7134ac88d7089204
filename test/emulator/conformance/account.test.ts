// Code tables (GET /cards, /banks), the merchant's account (GET /users/pg, /tiers/{code}) and the
// shipping of escrow payments (GET|POST|PUT /escrows/logis/{imp_uid}).
import { describe, expect, it } from 'vitest';
import type { PaymentWire } from '../kit';
import { cardFields, START, uid, useEmulator } from './harness';

const SHIPPING = {
  sender: { name: '판매자', tel: '02-123-4567', addr: '서울', postcode: '04524' },
  receiver: { name: '구매자', tel: '010-1234-5678', addr: '부산', postcode: '48058' },
  logis: { company: 'CJGLS', invoice: '645123456789', sent_at: START },
};

describe('Codes, account and escrow shipping', () => {
  const s = useEmulator();

  it('card and bank codes: every issuer a test card uses is listed; unknown codes are 404', async () => {
    const cards = await s.api.get<{ code: string; name: string }[]>('/cards', 'StandardCodeListResponse');
    const payment = await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 100,
      ...cardFields(),
    });
    expect(cards.body.response).toContainEqual({
      code: payment.body.response?.card_code,
      name: payment.body.response?.card_name,
    });
    expect((await s.api.get('/cards/366', 'StandardCodeResponse')).body.response).toEqual({
      code: '366',
      name: '신한카드',
    });
    expect((await s.api.get('/cards/999', 'StandardCodeResponse')).status).toBe(404);
    const banks = await s.api.get<{ code: string }[]>('/banks', 'StandardCodeListResponse');
    expect(banks.body.response?.map((b) => b.code)).toContain('090');
    expect((await s.api.get('/banks/004', 'StandardCodeResponse')).body.response).toEqual({
      code: '004',
      name: 'KB국민은행',
    });
    expect((await s.api.get('/banks/999', 'StandardCodeResponse')).status).toBe(404);
  });

  it('GET /users/pg: the default channels and each test channel (sandbox)', async () => {
    await s.emulator.upsertMerchant({ code: 'imp00000000', test_channels: ['kcp.store1'] });
    const settings = await s.api.get<{ pg_provider: string; pg_id: string; sandbox: boolean; type: string }[]>(
      '/users/pg',
      'MultiplePgSettingResponse',
    );
    expect(settings.body.response).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pg_provider: 'html5_inicis', sandbox: false, type: 'payment' }),
        expect.objectContaining({ pg_provider: 'nice', type: 'api_payment' }),
        expect.objectContaining({ pg_provider: 'kcp', pg_id: 'store1', sandbox: true }),
      ]),
    );
    await s.emulator.upsertMerchant({ code: 'imp00000000', test_channels: [] });
  });

  it('GET /tiers/{code}: the merchant’s sub-merchants; 404 unknown, 400 malformed', async () => {
    await s.emulator.upsertMerchant({ code: 'imp00000000', tiers: [{ tier_code: 'GN1', tier_name: '강남점' }] });
    expect((await s.api.get('/tiers/GN1', 'TierResponse')).body.response).toEqual({
      tier_code: 'GN1',
      tier_name: '강남점',
    });
    expect((await s.api.get('/tiers/XYZ', 'TierResponse')).status).toBe(404);
    expect((await s.api.get('/tiers/gn1', 'TierResponse')).status).toBe(400);
    await expect(
      s.emulator.upsertMerchant({ code: 'imp00000000', tiers: [{ tier_code: 'toolong' }] as never }),
    ).rejects.toThrow(/^tiers\[0\]\.tier_code: /);
  });

  it('escrow shipping: registered once for a paid escrow payment, read, changed; refused otherwise', async () => {
    const window = (escrow: boolean) =>
      s.emulator.completeWindowPayment({ merchant_uid: uid(), amount: 5000, escrow, ...cardFields() });
    const escrow = (await window(true)).payment as PaymentWire;
    expect(escrow.escrow).toBe(true);
    const path = `/escrows/logis/${escrow.imp_uid}`;
    expect((await s.api.get(path, 'EscrowLogisResponse')).status).toBe(409);
    const saved = await s.api.post(path, 'EscrowLogisResponse', SHIPPING);
    expect(saved.body.response).toEqual({
      company: 'CJGLS',
      invoice: '645123456789',
      sent_at: START,
      applied_at: START,
    });
    expect((await s.api.post(path, 'EscrowLogisResponse', SHIPPING)).status).toBe(409);
    const changed = await s.api.call('PUT', path, 'EscrowLogisResponse', {
      body: { ...SHIPPING, logis: { ...SHIPPING.logis, company: 'EPOST', invoice: '1111' } },
    });
    expect(changed.body.response).toMatchObject({ company: 'EPOST', invoice: '1111' });
    expect((await s.api.get(path, 'EscrowLogisResponse')).body.response).toEqual(changed.body.response);

    const plain = (await window(false)).payment as PaymentWire;
    const notEscrow = await s.api.post(`/escrows/logis/${plain.imp_uid}`, 'EscrowLogisResponse', SHIPPING);
    expect([notEscrow.status, notEscrow.body.message]).toEqual([400, 'imp_uid: 에스크로 결제건이 아닙니다.']);
    expect((await s.api.post('/escrows/logis/imp_000000000000', 'EscrowLogisResponse', SHIPPING)).status).toBe(404);
    const other = (await window(true)).payment as PaymentWire;
    const noInvoice = await s.api.post(`/escrows/logis/${other.imp_uid}`, 'EscrowLogisResponse', {
      ...SHIPPING,
      logis: { company: 'CJGLS', sent_at: START },
    });
    expect([noInvoice.status, noInvoice.body.message]).toEqual([400, 'logis.invoice: 필수 항목입니다.']);
    expect(
      (await s.api.call('PUT', `/escrows/logis/${other.imp_uid}`, 'EscrowLogisResponse', { body: SHIPPING })).status,
    ).toBe(409);
  });
});
