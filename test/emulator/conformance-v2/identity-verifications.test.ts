// V2 identity verification end to end over HTTP: the window (opened as the browser script opens
// it, on the V1 listener) and the REST API of the V2 listener (get, list, send/confirm/resend),
// every answer checked against the OpenAPI file (V2Client), and the IdentityVerification.* webhooks.
import { afterAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '@/emulator/client/webhook-receiver';
import { uniqueInSite, uniqueKey } from '@/emulator/core/service/certifications';
import { defaultMerchant } from '@/emulator/merchants';
import { NOWHERE_URL } from '../kit';
import { openV2, V2_STORE, v2WindowUrl, verifyIdentityV2 } from '../v2-window-http';
import { resultOf, SHOP, submit } from '../window-http';
import { START, useV2Emulator } from './harness';

const PERSON = { name: '김철수', birthday: '1990-03-15', gender: 'male', phone: '010-2222-3333', carrier: 'LGT' };
const request = (id: string, extra: Record<string, unknown> = {}) => ({
  storeId: V2_STORE.storeId,
  channelKey: V2_STORE.danal,
  identityVerificationId: id,
  ...extra,
});

const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());

describe('V2 identity verification', () => {
  const suite = useV2Emulator({ merchants: [defaultMerchant(NOWHERE_URL, receiver.url)] });
  const windowsUrl = () => suite.emulator.url;
  const call = (method: string, pattern: string, id: string, body?: Record<string, unknown>) =>
    suite.api.call(method, pattern, { params: { identityVerificationId: id }, body });
  const get = async (id: string) => {
    const { status, body } = await call('GET', '/identity-verifications/{identityVerificationId}', id);
    return { status, json: body };
  };
  const SEND = '/identity-verifications/{identityVerificationId}/send';
  const CONFIRM = '/identity-verifications/{identityVerificationId}/confirm';
  const RESEND = '/identity-verifications/{identityVerificationId}/resend';

  it('a window: READY once opened, VERIFIED with the person (ci from the phone, di from phone and merchant), then a webhook', async () => {
    const answer = await openV2(
      windowsUrl(),
      'identity-verification',
      request('iv-window-1', { customer: { fullName: '김<철수>' } }),
    );
    const form = await (await fetch(v2WindowUrl(answer))).text();
    expect(form).toContain('value="김&lt;철수&gt;"');
    expect(form).toContain('action="/v2/windows/');
    expect((await get('iv-window-1')).json).toMatchObject({ status: 'READY', requestedCustomer: { name: '김<철수>' } });

    const refused = await submit(v2WindowUrl(answer), { ...PERSON, phone: '02-123-4567', name: '' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('입력 내용을 확인해 주세요 (2건)');

    const { rsp, target_origin } = resultOf(await (await submit(v2WindowUrl(answer), PERSON)).text());
    expect(target_origin).toBe(SHOP);
    expect(rsp).toEqual({
      transactionType: 'IDENTITY_VERIFICATION',
      identityVerificationId: 'iv-window-1',
      identityVerificationTxId: answer.ok ? answer.tx_id : '',
    });
    const { json } = await get('iv-window-1');
    expect(json).toMatchObject({
      status: 'VERIFIED',
      version: 'V2',
      channel: { key: V2_STORE.danal, pgProvider: 'DANAL', type: 'LIVE' },
      verifiedCustomer: {
        name: '김철수',
        birthDate: '1990-03-15',
        gender: 'MALE',
        phoneNumber: '01022223333',
        operator: 'LGU',
        isForeigner: false,
        ci: uniqueKey('01022223333'),
        di: uniqueInSite('01022223333', 'imp00000000'),
      },
      verifiedAt: new Date(START * 1000).toISOString(),
    });
    const [delivery] = await receiver.waitFor(1);
    expect(delivery?.fields).toMatchObject({
      type: 'IdentityVerification.Verified',
      data: { storeId: V2_STORE.storeId, identityVerificationId: 'iv-window-1' },
    });
    // Verified once: another window for the same id is refused before it opens.
    const again = await openV2(windowsUrl(), 'identity-verification', request('iv-window-1'));
    expect(again).toMatchObject({ ok: false, rsp: { code: 'PORTONE_ERROR', identityVerificationId: 'iv-window-1' } });
  });

  it('refuses what the SDK would, and what the store cannot: no window, a clear message', async () => {
    for (const [bad, message] of [
      [{ storeId: undefined }, /^storeId: 필수 항목입니다/],
      [{ channelKey: undefined }, /^channelKey: 필수 항목입니다/],
      [{ identityVerificationId: '' }, /^identityVerificationId: 필수 항목입니다/],
      [{ storeId: 'store-unknown' }, /상점을 찾을 수 없습니다/],
      [{ channelKey: 'channel-key-unknown' }, /채널을 찾을 수 없습니다/],
      [{ channelKey: V2_STORE.card }, /본인인증을 지원하지 않는 채널/],
      [{ customer: { phoneNumber: '02-123-4567' } }, /^phone: /],
    ] as const) {
      const answer = await openV2(windowsUrl(), 'identity-verification', request('iv-bad', bad));
      expect(answer.ok).toBe(false);
      expect(!answer.ok && answer.rsp).toMatchObject({
        transactionType: 'IDENTITY_VERIFICATION',
        code: 'PORTONE_ERROR',
      });
      expect(!answer.ok && answer.rsp.message).toMatch(message);
    }
    expect((await get('iv-bad')).status).toBe(404);
  });

  it('AGELIMIT: a person younger fails (FAILED, the SDK gets FAILURE_TYPE_PG); IsCarrier restricts the choice', async () => {
    const bypass = { danal: { AGELIMIT: 19, IsCarrier: 'SKT;MVNO' } };
    const answer = await openV2(windowsUrl(), 'identity-verification', request('iv-young', { bypass }));
    const form = await (await fetch(v2WindowUrl(answer))).text();
    expect(form).toContain('만 19세 이상만 인증할 수 있습니다.');
    expect([...form.matchAll(/<option value="(\w+)"/g)].map((m) => m[1])).toEqual([
      'SKT',
      'SKT_MVNO',
      'KT_MVNO',
      'LGT_MVNO',
    ]);
    const young = { ...PERSON, birthday: '2010-01-01', carrier: 'SKT' };
    const { rsp } = resultOf(await (await submit(v2WindowUrl(answer), young)).text());
    expect(rsp).toMatchObject({
      code: 'FAILURE_TYPE_PG',
      pgCode: 'AGE_LIMIT',
      message: '만 19세 이상만 본인인증할 수 있습니다.',
    });
    expect((await get('iv-young')).json).toMatchObject({ status: 'FAILED', failure: { pgCode: 'AGE_LIMIT' } });
    const failed = (await receiver.waitFor(2))[1];
    expect(failed?.fields).toMatchObject({
      type: 'IdentityVerification.Failed',
      data: { identityVerificationId: 'iv-young' },
    });
  });

  it('by API: send, a wrong code, resend, confirm with 123456 → VERIFIED; errors in the OpenAPI shapes', async () => {
    const send = async (id: string, body: Record<string, unknown>) => {
      const answer = await call('POST', SEND, id, body);
      return { status: answer.status, json: answer.body };
    };
    const body = {
      channelKey: V2_STORE.danal,
      operator: 'KT_MVNO',
      method: 'SMS',
      customer: { name: '이영희', phoneNumber: '010-7777-8888', ipAddress: '127.0.0.1', identityNumber: '0104024' },
    };
    const missing = await send('iv-api', { ...body, customer: { ...body.customer, identityNumber: undefined } });
    expect(missing).toMatchObject({ status: 400, json: { type: 'INVALID_REQUEST' } });
    await suite.api.fails('POST', CONFIRM, 404, 'IDENTITY_VERIFICATION_NOT_FOUND', {
      params: { identityVerificationId: 'iv-api' },
      body: { otp: '123456' },
    });

    expect(await send('iv-api', body)).toEqual({ status: 200, json: {} });
    expect((await send('iv-api', body)).json).toMatchObject({ type: 'IDENTITY_VERIFICATION_ALREADY_SENT' });
    expect((await get('iv-api')).json).toMatchObject({ status: 'READY', requestedCustomer: { name: '이영희' } });

    const wrong = await call('POST', CONFIRM, 'iv-api', { otp: '000000' });
    expect(wrong).toMatchObject({ status: 502, body: { type: 'PG_PROVIDER', pgCode: 'OTP_MISMATCH' } });

    expect((await call('POST', RESEND, 'iv-api')).status).toBe(200);

    const confirmed = await call('POST', CONFIRM, 'iv-api', { storeId: V2_STORE.storeId, otp: '123456' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.identityVerification).toMatchObject({
      status: 'VERIFIED',
      // 01-04-02, digit 4: a woman born in the 2000s.
      verifiedCustomer: {
        name: '이영희',
        birthDate: '2001-04-02',
        gender: 'FEMALE',
        operator: 'KT_MVNO',
        ci: uniqueKey('01077778888'),
      },
    });
    const again = await call('POST', CONFIRM, 'iv-api', { otp: '123456' });
    expect(again).toMatchObject({ status: 409, body: { type: 'IDENTITY_VERIFICATION_ALREADY_VERIFIED' } });
    const foreignStore = await call('POST', RESEND, 'iv-api', { storeId: 'store-other' });
    expect(foreignStore).toMatchObject({ status: 403, body: { type: 'FORBIDDEN' } });
  });

  it('five wrong codes end the attempt: FAILED', async () => {
    await call('POST', SEND, 'iv-five', {
      channelKey: V2_STORE.danal,
      operator: 'SKT',
      method: 'SMS',
      customer: { name: '박민수', phoneNumber: '010-5555-6666', ipAddress: '127.0.0.1', identityNumber: '900101-1' },
    });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await call('POST', CONFIRM, 'iv-five', { otp: '999999' })).body.pgCode);
    expect(codes).toEqual(['OTP_MISMATCH', 'OTP_MISMATCH', 'OTP_MISMATCH', 'OTP_MISMATCH', 'OTP_ATTEMPTS_EXCEEDED']);
    expect((await get('iv-five')).json).toMatchObject({
      status: 'FAILED',
      failure: { pgCode: 'OTP_ATTEMPTS_EXCEEDED' },
    });
  });

  it('a cancelled window leaves the verification READY; the kit verifies one without a browser', async () => {
    const url = v2WindowUrl(await openV2(windowsUrl(), 'identity-verification', request('iv-cancel')));
    const cancelled = resultOf(await (await submit(url, { action: 'cancel' })).text()).rsp;
    expect(cancelled).toMatchObject({ code: 'FAILURE_TYPE_PG', pgCode: 'USER_CANCEL' });
    expect((await get('iv-cancel')).json).toMatchObject({ status: 'READY' });
    expect(await verifyIdentityV2(windowsUrl(), 'iv-cancel', { phone: '010-9999-0000' })).not.toHaveProperty('code');
    expect((await get('iv-cancel')).json).toMatchObject({
      status: 'VERIFIED',
      verifiedCustomer: { ci: uniqueKey('01099990000') },
    });
  });

  it('a code is good for 3 minutes on the merchant clock; resend gives 3 more', async () => {
    await call('POST', SEND, 'iv-late', {
      channelKey: V2_STORE.danal,
      operator: 'LGU',
      method: 'APP',
      customer: { name: '최지우', phoneNumber: '010-3333-4444', ipAddress: '127.0.0.1', identityNumber: '950505-2' },
    });
    await suite.advance(181);
    const late = await call('POST', CONFIRM, 'iv-late', { otp: '123456' });
    expect(late).toMatchObject({ status: 502, body: { type: 'PG_PROVIDER', pgCode: 'OTP_EXPIRED' } });
    expect((await call('POST', RESEND, 'iv-late')).status).toBe(200);
    await suite.advance(179);
    const confirmed = await call('POST', CONFIRM, 'iv-late', { otp: '123456' });
    expect(confirmed.body.identityVerification).toMatchObject({
      status: 'VERIFIED',
      verifiedCustomer: { birthDate: '1995-05-05', gender: 'FEMALE', operator: 'LGU' },
    });
  });

  it("lists the store's verifications: filters, sort, pages (body as ?requestBody=, as the server SDK sends it)", async () => {
    const list = async (body: Record<string, unknown>) => {
      return suite.api.ok<{
        items: { id: string; status: string }[];
        page: { number: number; size: number; totalCount: number };
      }>('GET', '/identity-verifications', { body });
    };
    const all = await list({});
    expect(all.page.totalCount).toBe(6);
    const verified = await list({ filter: { statuses: ['VERIFIED'] }, sort: { by: 'REQUESTED_AT', order: 'ASC' } });
    expect(verified.items.map((i) => i.id)).toEqual(['iv-window-1', 'iv-api', 'iv-cancel', 'iv-late']);
    expect((await list({ page: { number: 1, size: 4 } })).items).toHaveLength(2);
    expect((await list({ filter: { customer: { phoneNumber: '010-7777-8888' } } })).items.map((i) => i.id)).toEqual([
      'iv-api',
    ]);
    await suite.api.fails('GET', '/identity-verifications', 400, 'INVALID_REQUEST', {
      body: { filter: { statuses: ['DONE'] } },
    });
  });
});
