// A clock per merchant: moving one merchant's clock runs that merchant's schedules, expires its
// tokens and retries its webhooks, while other merchants keep their own time; an un-scoped advance
// moves every merchant (as before). Clocks survive a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START } from '@/test/emulator/conformance/harness';
import {
  cardFields,
  EmulatorClient,
  startTestEmulator,
  startWebhookReceiver,
  type TestEmulator,
  type WebhookReceiver,
} from '@/test/emulator/kit';
import { defaultMerchant, derivedV2, type Merchant } from './merchants';
import { startEmulator } from './server';

const HOUR = 3600;
const other = (callback_url: string): Merchant => ({
  code: 'imp00000001',
  key: 'clock_key_1',
  secret: 'clock_secret_1',
  callback_url,
  webhook_format: 'json',
  webhook_retry: '5x1m',
  v2: derivedV2('imp00000001', 'clock_secret_1', callback_url),
});

async function schedule(client: EmulatorClient, merchantUid: string, at: number) {
  const { body } = await client.rest('POST', '/subscribe/payments/schedule', {
    customer_uid: `${merchantUid}-customer`,
    ...cardFields(),
    schedules: [{ merchant_uid: merchantUid, schedule_at: at, amount: 1000, name: '예약' }],
  });
  expect(body.code).toBe(0);
}

const statusOf = async (client: EmulatorClient, merchantUid: string) =>
  (await client.rest<{ schedule_status: string }>('GET', `/subscribe/payments/schedule/${merchantUid}`)).body.response
    ?.schedule_status;

describe('a clock per merchant', () => {
  let emulator: TestEmulator;
  let receiver: WebhookReceiver;
  let a: EmulatorClient;
  let b: EmulatorClient;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const merchants = [defaultMerchant(receiver.url), other(receiver.url)];
    emulator = await startTestEmulator({ clock: { start: START, frozen: true }, merchants });
    a = emulator;
    b = new EmulatorClient(emulator.url, other(receiver.url));
  });
  afterAll(async () => {
    await emulator.close();
    await receiver.close();
  });

  it('moving one merchant runs its schedules only; the others keep their time and their schedules', async () => {
    await schedule(a, 'a-1', START + HOUR);
    await schedule(b, 'b-1', START + HOUR);
    expect(await emulator.advanceClock(2 * HOUR, 'imp00000001')).toBe(START + 2 * HOUR);
    expect(await emulator.now('imp00000001')).toBe(START + 2 * HOUR);
    expect(await emulator.now()).toBe(START);
    expect(await statusOf(b, 'b-1')).toBe('executed');
    expect(await statusOf(a, 'a-1')).toBe('scheduled');
    await receiver.waitFor(1);
    expect(receiver.received.map((r) => r.fields.merchant_uid)).toEqual(['b-1']);
    // The executed schedule's payment carries its merchant's time.
    const executed = await b.rest<{ executed_at: number }>('GET', '/subscribe/payments/schedule/b-1');
    expect(executed.body.response?.executed_at).toBe(START + HOUR);
  });

  it("answers are dated by the token's merchant's clock; a token expires on its own merchant's clock only", async () => {
    const tokenA = (await a.getToken()).access_token;
    const tokenB = (await b.getToken()).access_token;
    const dateOf = async (token: string) => {
      const res = await fetch(`${emulator.url}/payments/imp_000000000000`, { headers: { authorization: token } });
      return { status: res.status, at: Date.parse(res.headers.get('date') ?? '') / 1000 };
    };
    const bNow = await emulator.now('imp00000001');
    expect(await dateOf(tokenB)).toEqual({ status: 404, at: bNow });
    expect(await dateOf(tokenA)).toEqual({ status: 404, at: START });
    await emulator.advanceClock(HOUR, 'imp00000001');
    // B's token (30 minutes) ran out on B's clock, and its 401 still carries B's time; A's is valid.
    expect(await dateOf(tokenB)).toEqual({ status: 401, at: bNow + HOUR });
    expect((await dateOf(tokenA)).status).toBe(404);
  });

  it("a V2 login and token refresh are dated by the secret's merchant's clock, not the default merchant's", async () => {
    const post = async (path: string, body: object) => {
      const res = await fetch(`${emulator.v2Url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      const { refreshToken } = (await res.json()) as { refreshToken: string };
      return { at: Date.parse(res.headers.get('date') ?? '') / 1000, refreshToken };
    };
    const bNow = await emulator.now('imp00000001');
    expect(bNow).not.toBe(await emulator.now());
    const login = await post('/login/api-secret', { apiSecret: 'clock_secret_1_v2' });
    expect(login.at).toBe(bNow);
    expect((await post('/token/refresh', { refreshToken: login.refreshToken })).at).toBe(bNow);
    expect((await post('/login/api-secret', { apiSecret: defaultMerchant().v2?.api_secret })).at).toBe(
      await emulator.now(),
    );
  });

  it("a webhook retry follows its merchant's clock", async () => {
    receiver.answer(503);
    await schedule(b, 'b-retry', (await emulator.now('imp00000001')) + 60);
    const before = receiver.received.length;
    await emulator.advanceClock(60, 'imp00000001');
    await receiver.waitFor(before + 1);
    // A's clock moving does not bring B's retry due a minute later.
    await emulator.advanceClock(10 * 60, 'imp00000000');
    expect(receiver.received.length).toBe(before + 1);
    receiver.answer(200);
    await emulator.advanceClock(60, 'imp00000001');
    await receiver.waitFor(before + 2);
    expect(receiver.received.slice(before).map((r) => r.fields.merchant_uid)).toEqual(['b-retry', 'b-retry']);
  });

  it('an un-scoped advance moves every merchant; a merchant added later starts on the emulator clock', async () => {
    const [aNow, bNow] = [await emulator.now(), await emulator.now('imp00000001')];
    expect(await emulator.advanceClock(HOUR)).toBe(aNow + HOUR);
    expect(await emulator.now('imp00000001')).toBe(bNow + HOUR);
    expect(await statusOf(a, 'a-1')).toBe('executed');
    await emulator.upsertMerchant({ code: 'imp00000002', key: 'clock_key_2', secret: 'clock_secret_2' });
    // The emulator's clock moved with the un-scoped advances only (1 hour), not with B's.
    expect(await emulator.now('imp00000002')).toBe(START + HOUR);
  });

  it('refuses a clock call for an unknown merchant (400, nothing moves)', async () => {
    const now = await emulator.now();
    await expect(emulator.advanceClock(60, 'imp99999999')).rejects.toThrow(/^merchant_code: /);
    await expect(emulator.now('imp99999999')).rejects.toThrow(/^merchant_code: /);
    expect(await emulator.now()).toBe(now);
  });
});

describe('merchant clocks after a restart', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'emulator-clocks-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('each merchant keeps its own time, and its pending schedules their merchant', async () => {
    const merchants = [defaultMerchant('http://127.0.0.1:1/'), other('http://127.0.0.1:1/')];
    const start = () => startEmulator({ port: 0, dataDir: dir, clock: { start: START, frozen: true }, merchants });
    const first = await start();
    const client = new EmulatorClient(first.url, other('http://127.0.0.1:1/'));
    await schedule(client, 'b-later', START + 2 * 86_400);
    await client.advanceClock(86_400, 'imp00000001');
    await first.close();

    const second = await start();
    try {
      const again = new EmulatorClient(second.url, other('http://127.0.0.1:1/'));
      expect(await again.now('imp00000001')).toBe(START + 86_400);
      expect(await again.now()).toBe(START);
      expect(second.core.store.pendingSchedules.due('imp00000001', START + 2 * 86_400).length).toBe(1);
      expect(second.core.store.pendingSchedules.due('imp00000000', START + 2 * 86_400)).toEqual([]);
      await again.advanceClock(86_400, 'imp00000001');
      expect(await statusOf(again, 'b-later')).toBe('executed');
    } finally {
      await second.close();
    }
  });
});
