// The V2 adapter reads identity verifications (helper v2-browser serves them on the V2 listener):
// sent and confirmed through the public SDK, then read through lib/provider. Needs wave4/v2-browser.
import { PortOneClient } from '@portone/server-sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultMerchant } from '@/emulator/merchants';
import { startEmulator } from '@/emulator/server';
import { createV2Provider, type PaymentProvider } from '@/lib/provider';
import { uid } from './contract';

let close: () => Promise<void>;
let provider: PaymentProvider;
let v2Url: string;

beforeAll(async () => {
  const running = await startEmulator({ port: 0, v2Port: 0, dataDir: ':memory:', merchants: [defaultMerchant()] });
  close = running.close;
  v2Url = running.v2Url;
  provider = createV2Provider({
    baseUrl: running.v2Url,
    secret: 'test_v2_api_secret',
    storeId: 'store-00000000-0000-4000-8000-000000000000',
    cardChannelKey: 'channel-key-00000000-0000-4000-8000-0000000000c1',
    webhookSecret: 'whsec_dGVzdF92Ml93ZWJob29rX3NlY3JldF8wMDAw',
  });
});
afterAll(() => close());

it('V2: reads an identity verification (sent and confirmed through the SDK); an unknown one is not_found', async () => {
  const sdk = PortOneClient({
    secret: 'test_v2_api_secret',
    baseUrl: v2Url,
    storeId: 'store-00000000-0000-4000-8000-000000000000',
  });
  const id = uid('iv');
  await sdk.identityVerification.sendIdentityVerification({
    identityVerificationId: id,
    channelKey: 'channel-key-00000000-0000-4000-8000-0000000000d1',
    operator: 'SKT',
    method: 'SMS',
    customer: { name: '김인증', phoneNumber: '01012345678', ipAddress: '127.0.0.1', identityNumber: '9003042' },
  });
  expect(await provider.readIdentityCheck(id)).toMatchObject({ outcome: 'not_verified', id });
  await sdk.identityVerification.confirmIdentityVerification({ identityVerificationId: id, otp: '123456' });
  const check = await provider.readIdentityCheck(id);
  expect(check).toMatchObject({
    outcome: 'verified',
    id,
    requestId: id,
    origin: null,
    identity: { name: '김인증', birthday: '1990-03-04', gender: 'female', uniqueKey: expect.any(String) },
  });
  if (check.outcome === 'verified') {
    expect(Math.abs(check.identity.verifiedAt - (await provider.serviceNow()))).toBeLessThan(600);
  }
  expect(await provider.readIdentityCheck(uid('none'))).toMatchObject({ outcome: 'not_found' });
});
