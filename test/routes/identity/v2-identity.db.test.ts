// Issue 37: signup's identity check on PortOne V2 (PORTONE_API=v2). The server mints the
// identityVerificationId for this browser; the person verifies at the service (here the API-driven
// send/confirm, which ends in the same VERIFIED record the window makes); the server accepts it on
// the service's record with V1's rules, and a check is never the V1 route's nor another browser's.
import { PortOneClient } from '@portone/server-sdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { identityChecks } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { setupAppTest } from '@/test/app-harness';
import { Browser } from '@/test/kits/signup';

const app = setupAppTest();
const configured = env.PORTONE_API;
beforeAll(() => {
  env.PORTONE_API = 'v2';
});
afterAll(() => {
  env.PORTONE_API = configured;
});

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

/** The person confirms the code sent to their phone (birth from identityNumber: 900304-2 → 1990-03-04, female). */
async function verifyAtService(id: string, person: { name: string; phone: string; identityNumber: string }) {
  const sdk = PortOneClient({
    secret: 'test_v2_api_secret',
    baseUrl: app.emulator().v2Url,
    storeId: env.PORTONE_STORE_ID,
  });
  await sdk.identityVerification.sendIdentityVerification({
    identityVerificationId: id,
    channelKey: env.PORTONE_IDENTITY_CHANNEL_KEY,
    operator: 'SKT',
    method: 'SMS',
    customer: {
      name: person.name,
      phoneNumber: person.phone,
      ipAddress: '127.0.0.1',
      identityNumber: person.identityNumber,
    },
  });
  await sdk.identityVerification.confirmIdentityVerification({ identityVerificationId: id, otp: '123456' });
}

const openV2Check = async (browser: Browser) => {
  const answer = await browser.openCheck();
  if (answer.api !== 'v2' || typeof answer.identityVerificationId !== 'string') throw new Error('expected a V2 check');
  return answer.identityVerificationId;
};

describe('identity check on V2', () => {
  it('answers the V2 window params, and accepts the verified person once, recording api v2', async () => {
    const browser = new Browser();
    const answer = await browser.openCheck();
    expect(answer).toMatchObject({
      api: 'v2',
      identityVerificationId: expect.stringMatching(/^cert_/),
      storeId: env.PORTONE_STORE_ID,
      channelKey: env.PORTONE_IDENTITY_CHANNEL_KEY,
      scriptUrl: expect.stringMatching(/\/v2\/browser-sdk\.js$/),
    });
    const id = String(answer.identityVerificationId);
    expect((await browser.verifyV2(id)).status).toBe(404);

    await verifyAtService(id, { name: '김브이', phone: '01020003001', identityNumber: '9003042' });
    const response = await browser.verifyV2(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ identity: { name: '김브이', birthday: '1990-03-04', gender: 'female' } });
    const [row] = await (await getDb()).select().from(identityChecks).where(eq(identityChecks.merchantUid, id));
    expect(row).toMatchObject({ api: 'v2', status: 'verified', impUid: id, name: '김브이' });

    const again = await browser.verifyV2(id);
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('replayed');
    expect((await browser.signUp('v2-identity@example.com')).status).toBe(201);
  });

  it("another browser's check, or an id we never minted, is foreign; the V1 route does not take a V2 check", async () => {
    const owner = new Browser();
    const id = await openV2Check(owner);
    await verifyAtService(id, { name: '박타인', phone: '01020003002', identityNumber: '8805051' });
    const thief = new Browser();
    await thief.openCheck();
    expect(await errorCode(await thief.verifyV2(id))).toBe('foreign_check');
    expect(await errorCode(await owner.verifyV2('cert_notours12345678'))).toBe('foreign_check');
    expect((await owner.verifyV2('not an id')).status).toBe(400);
    // The owner still can.
    expect((await owner.verifyV2(id)).status).toBe(200);
  });

  it('an unfinished verification is not certified; a minor is refused', async () => {
    const browser = new Browser();
    const id = await openV2Check(browser);
    const sdk = PortOneClient({
      secret: 'test_v2_api_secret',
      baseUrl: app.emulator().v2Url,
      storeId: env.PORTONE_STORE_ID,
    });
    await sdk.identityVerification.sendIdentityVerification({
      identityVerificationId: id,
      channelKey: env.PORTONE_IDENTITY_CHANNEL_KEY,
      operator: 'SKT',
      method: 'SMS',
      customer: { name: '이미완', phoneNumber: '01020003003', ipAddress: '127.0.0.1', identityNumber: '9501011' },
    });
    expect(await errorCode(await browser.verifyV2(id))).toBe('not_certified');

    const minor = new Browser();
    const minorId = await openV2Check(minor);
    await verifyAtService(minorId, { name: '최어린', phone: '01020003004', identityNumber: '1501013' });
    expect(await errorCode(await minor.verifyV2(minorId))).toBe('under_age');
  });

  it("a verification made after the service's clock moved is judged on the moved clock", async () => {
    const before = new Browser();
    const first = await openV2Check(before);
    await verifyAtService(first, { name: '정이전', phone: '01020003005', identityNumber: '9107071' });
    expect((await before.verifyV2(first)).status).toBe(200);
    // The emulator's clock an hour on (a test's time travel): a verification made now is fresh.
    await app.emulator().advanceClock(3600);
    const after = new Browser();
    const id = await openV2Check(after);
    await verifyAtService(id, { name: '정이후', phone: '01020003006', identityNumber: '9208082' });
    const response = await after.verifyV2(id);
    expect(response.status).toBe(200);
  });

  it('on V1 the check answers as before, with api v1', async () => {
    env.PORTONE_API = 'v1';
    try {
      const answer = await new Browser().openCheck();
      expect(answer).toEqual({ api: 'v1', merchantUid: expect.stringMatching(/^cert_/) });
    } finally {
      env.PORTONE_API = 'v2';
    }
  });
});
