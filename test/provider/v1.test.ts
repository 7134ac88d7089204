import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIamportClient } from '@/lib/iamport';
import { createV1Provider, type PaymentProvider } from '@/lib/provider';
import { cardFields, startTestEmulator, type TestEmulator } from '@/test/emulator/kit';
import { type ProviderRig, providerContract } from './contract';
import { type NoticeCatcher, startNoticeCatcher } from './notice-catcher';

// The V1 adapter (lib/provider/v1 over lib/iamport) against an emulator in this process, over HTTP.

let rig: ProviderRig;
let emulator: TestEmulator;
let notices: NoticeCatcher;
let provider: PaymentProvider;

beforeAll(async () => {
  notices = await startNoticeCatcher();
  emulator = await startTestEmulator({ callbackUrl: notices.url });
  provider = createV1Provider(
    createIamportClient({ baseUrl: emulator.url, key: 'test_key', secret: 'test_secret', timeoutMs: 1500 }),
  );
  rig = {
    provider,
    emulator,
    notices,
    testChannels: false,
    async payInWindow(orderId, amount) {
      const { rsp } = await emulator.completeWindowPayment({ merchant_uid: orderId, amount, ...cardFields() });
      if (!rsp.imp_uid) throw new Error(`the window did not pay: ${rsp.error_msg}`);
      return rsp.imp_uid;
    },
  };
});

afterAll(async () => {
  await emulator?.close();
  await notices?.close();
});

providerContract('V1', () => rig);

describe('V1: identity checks', () => {
  it('reads a certification the browser reports, with the page it started on; an unknown one is not_found', async () => {
    const { rsp } = await emulator.certify({
      name: '김인증',
      birthday: '1990-03-04',
      phone: '01012345678',
      gender: 'female',
      carrier: 'SKT',
      origin: 'http://shop.test',
    });
    const check = await provider.readIdentityCheck(rsp.imp_uid);
    expect(check).toMatchObject({
      outcome: 'verified',
      id: rsp.imp_uid,
      requestId: rsp.merchant_uid,
      origin: expect.stringContaining('http://shop.test'),
      identity: { name: '김인증', birthday: '1990-03-04', gender: 'female', uniqueKey: expect.any(String) },
    });
    if (check.outcome === 'verified') {
      expect(Math.abs(check.identity.verifiedAt - (await provider.serviceNow()))).toBeLessThan(600);
    }
    expect(await provider.readIdentityCheck('imp_999999999999')).toMatchObject({ outcome: 'not_found' });
  });
});
