// The convenience-store counter (POST /__emulator/api/cvs/{imp_uid}/collect): the confirm_url
// check against a real receiver, then paid and notified — or refused and left unpaid.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { START } from '@/test/emulator/conformance/harness';
import {
  type ControlError,
  NOWHERE_URL,
  type PaymentWire,
  startWebhookReceiver,
  type TestEmulator,
  type WebhookReceiver,
} from '@/test/emulator/kit';
import { startNotifyingEmulator } from '@/test/emulator/notifying-emulator';

let callback: WebhookReceiver;
let confirm: WebhookReceiver;
let emulator: TestEmulator;

beforeEach(async () => {
  callback = await startWebhookReceiver('/callback');
  confirm = await startWebhookReceiver('/confirm');
  emulator = await startNotifyingEmulator(callback.url);
});
afterEach(async () => {
  await emulator.close();
  await callback.close();
  await confirm.close();
});

async function issue(merchantUid: string, extra: Record<string, unknown> = {}): Promise<PaymentWire> {
  const { body } = await emulator.rest<PaymentWire>('POST', '/cvs', {
    merchant_uid: merchantUid,
    amount: 5000,
    name: '편의점 결제',
    ...extra,
  });
  if (!body.response) throw new Error(body.message ?? 'cvs issue failed');
  return body.response;
}

const status = async (impUid: string) =>
  (await emulator.rest<PaymentWire>('GET', `/payments/${impUid}`)).body.response?.status;

describe('store counter', () => {
  it('confirm_url answers 200: the check carries the payment in the envelope, then paid and notified', async () => {
    const barcode = await issue('cvs-ok', { confirm_url: confirm.url });
    const result = await emulator.collectCvs(barcode.imp_uid, 'card');
    expect(result).toMatchObject({ outcome: 'paid', method: 'card' });
    expect(result.payment).toMatchObject({ status: 'paid', paid_at: START });
    const [check] = confirm.received;
    expect(check?.contentType).toBe('application/json; charset=UTF-8');
    expect(check?.fields).toMatchObject({
      code: 0,
      message: null,
      response: { imp_uid: barcode.imp_uid, merchant_uid: 'cvs-ok', status: 'ready', amount: 5000, pay_method: 'cvs' },
    });
    expect(result.confirm).toMatchObject({ event: 'cvs.confirm', target: confirm.url, response_status: 200 });
    expect(callback.received.map((r) => r.fields)).toEqual([
      { imp_uid: barcode.imp_uid, merchant_uid: 'cvs-ok', status: 'paid' },
    ]);
    expect(result.notifications).toEqual([expect.objectContaining({ event: 'cvs', status: 'delivered' })]);
  });

  it('confirm_url answers 403: refused, left unpaid, the refusal in the log, nobody notified', async () => {
    confirm.answer(403);
    const barcode = await issue('cvs-no', { confirm_url: confirm.url });
    const result = await emulator.collectCvs(barcode.imp_uid, 'cash');
    expect(result).toMatchObject({ outcome: 'refused', notifications: [] });
    expect(result.confirm).toMatchObject({ status: 'failed', response_status: 403 });
    expect(await status(barcode.imp_uid)).toBe('ready');
    expect((await emulator.webhooks({ imp_uid: barcode.imp_uid })).map((w) => [w.event, w.response_status])).toEqual([
      ['cvs.confirm', 403],
    ]);
    expect(callback.received).toHaveLength(0);
    // the merchant changes its mind: a second try at the counter goes through
    confirm.answer(200);
    expect((await emulator.collectCvs(barcode.imp_uid)).outcome).toBe('paid');
  });

  it('confirm_url unreachable: refused and left unpaid', async () => {
    const barcode = await issue('cvs-down', { confirm_url: NOWHERE_URL });
    const result = await emulator.collectCvs(barcode.imp_uid);
    expect(result.outcome).toBe('refused');
    expect(result.confirm?.attempts[0]).toMatchObject({ response_status: null, error: 'ECONNREFUSED' });
    expect(await status(barcode.imp_uid)).toBe('ready');
  });

  it('without confirm_url collection always proceeds; notice_url (string or array) replaces the callback', async () => {
    const barcode = await issue('cvs-free', { notice_url: [confirm.url] });
    const result = await emulator.collectCvs(barcode.imp_uid);
    expect(result).toMatchObject({ outcome: 'paid', confirm: null });
    expect(confirm.received.map((r) => r.fields.status)).toEqual(['paid']);
    expect(callback.received).toHaveLength(0);
  });

  it('paid, cancelled or past expired_at cannot be collected (409); unknown is 404, a bad method 400', async () => {
    const paid = await issue('cvs-paid');
    await emulator.collectCvs(paid.imp_uid);
    const cancelled = await issue('cvs-cancelled');
    await emulator.rest('DELETE', `/cvs/${cancelled.imp_uid}`);
    const expiring = await issue('cvs-expiring', { expired_at: START + 3600 });
    await emulator.advanceClock(3600);
    expect((await emulator.collectCvs(expiring.imp_uid)).outcome).toBe('paid'); // the deadline itself is in time
    const expired = await issue('cvs-expired', { expired_at: START + 7200 });
    await emulator.advanceClock(3601);

    const failure = (impUid: string, method?: string) =>
      emulator.collectCvs(impUid, method as 'cash').catch((e: ControlError) => [e.status, e.message]);
    expect(await failure(paid.imp_uid)).toEqual([409, expect.stringContaining('이미 수납된')]);
    expect(await failure(cancelled.imp_uid)).toEqual([409, expect.stringContaining('말소된')]);
    expect(await failure(expired.imp_uid)).toEqual([409, expect.stringContaining('수납기한이 지났습니다')]);
    expect(await failure('imp_000000000000')).toEqual([404, expect.any(String)]);
    expect(await failure(expired.imp_uid, 'coupon')).toEqual([400, expect.stringMatching(/^method: /)]);
    expect(await status(expired.imp_uid)).toBe('ready');
  });
});
