// State survives a restart from the data directory (journal replay + compaction); ':memory:' keeps nothing.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cardFields, EmulatorClient, NOWHERE_URL, startWebhookReceiver } from '@/test/emulator/kit';
import { defaultMerchant } from './merchants';
import { startEmulator } from './server';

const START = Date.UTC(2026, 0, 15, 3) / 1000;
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'emulator-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Webhooks (the window payment's, the schedule's) go nowhere, never to an app on the default port 3000.
const merchants = [defaultMerchant(NOWHERE_URL)];

async function started(dataDir: string) {
  const running = await startEmulator({ port: 0, dataDir, clock: { start: START, frozen: true }, merchants });
  return { running, client: new EmulatorClient(running.url) };
}

const journalLines = (dir: string) => readFileSync(path.join(dir, 'journal.jsonl'), 'utf8').trim().split('\n').length;

describe('persistence', () => {
  it('records, tokens, merchants and the clock survive a restart', async () => {
    const dir = freshDir();
    const first = await started(dir);
    await first.client.upsertMerchant({ code: 'imp77777777', key: 'k7', secret: 's7' });
    await first.client.advanceClock(120);
    const token = await first.client.getToken();
    await first.client.rest('POST', '/subscribe/customers/keep-me', cardFields());
    const { payment } = await first.client.completeWindowPayment({
      merchant_uid: 'o-keep',
      amount: 1000,
      ...cardFields(),
    });
    await first.client.rest('POST', '/subscribe/payments/schedule', {
      customer_uid: 'keep-me',
      schedules: [{ merchant_uid: 's-keep', schedule_at: START + 3600, amount: 1000, name: '예약' }],
    });
    // The paid window payment's webhook went to the merchant given at start, not to port 3000.
    expect((await first.client.webhooks()).map((w) => [w.merchant_uid, w.target])).toEqual([['o-keep', NOWHERE_URL]]);
    await first.running.close();

    const second = await started(dir);
    try {
      expect(await second.client.now()).toBe(START + 120);
      expect((await second.client.merchants()).map((m) => m.code)).toContain('imp77777777');
      const res = await fetch(`${second.running.url}/payments/${payment?.imp_uid}`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      expect(res.status).toBe(200);
      expect((await second.client.getToken()).access_token).toBe(token.access_token);
      expect((await second.client.rest('GET', '/subscribe/customers/keep-me')).status).toBe(200);
      expect(
        second.running.core.store.pendingSchedules.due('imp00000000', START + 3600).map((s) => s.merchant_uid),
      ).toEqual(['s-keep']);
    } finally {
      await second.running.close();
    }
  });

  it('compacts the journal at start once superseded lines pass half the live records (and a slack of 1,000), and at every stop', async () => {
    const dir = freshDir();
    const first = await started(dir);
    await first.client.rest('POST', '/subscribe/customers/same', cardFields());
    await first.running.close();
    const file = path.join(dir, 'journal.jsonl');
    const keyLine = readFileSync(file, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('{"k":"billing_key"'));
    const live = journalLines(dir); // clock, merchant, token, billing key
    appendFileSync(file, `${keyLine}\n`.repeat(1000));
    const within = await started(dir);
    expect(journalLines(dir)).toBe(live + 1000); // within the slack: left as it is at start
    await within.running.close();
    expect(journalLines(dir)).toBe(live); // the stop compacts
    appendFileSync(file, `${keyLine}\n`.repeat(1011));
    const second = await started(dir);
    expect(journalLines(dir)).toBe(live);
    expect(second.running.core.store.counts()).toMatchObject({ merchants: 1, tokens: 1, billing_keys: 1 });
    await second.running.close();
    expect(journalLines(dir)).toBe(live);
  });

  it('a start keeps snapshot records unparsed until read, finds them through every index, and names a damaged one when it is read', async () => {
    const dir = freshDir();
    const first = await started(dir);
    await first.client.rest('POST', '/subscribe/customers/snap', cardFields());
    const paid: string[] = [];
    for (const merchant_uid of ['snap-1', 'snap-2', 'snap-3']) {
      const { body } = await first.client.rest<{ imp_uid: string }>('POST', '/subscribe/payments/again', {
        customer_uid: 'snap',
        merchant_uid,
        amount: 1000,
        name: '스냅샷',
      });
      paid.push(body.response?.imp_uid ?? '');
    }
    await first.client.rest('POST', '/subscribe/payments/schedule', {
      customer_uid: 'snap',
      schedules: [{ merchant_uid: 'snap-later', schedule_at: START + 3600, amount: 1000, name: '예약' }],
    });
    await first.running.close();
    const file = path.join(dir, 'journal.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.filter((line) => line.startsWith('{"k":"payment","x2":[')).length).toBe(3);

    const second = await started(dir);
    try {
      const { store } = second.running.core;
      const unparsed = (key: string) =>
        (store.payments as unknown as { rows: Map<string, object> }).rows.get(key)?.constructor.name === 'Unparsed';
      expect(paid.every(unparsed)).toBe(true);
      // The sequence goes on from the snapshot's last number (records are not parsed to find it).
      const seqs = paid.map((uid) => store.payments.get(uid)?.seq ?? Number.POSITIVE_INFINITY);
      expect(store.nextSeq()).toBeGreaterThan(Math.max(...seqs));
      expect(paid.every(unparsed)).toBe(false);
      // by merchant_uid, by status, by schedule time: what the snapshot's prefix filed them under
      const found = await second.client.rest<{ imp_uid: string }>('GET', '/payments/find/snap-2');
      expect(found.body.response?.imp_uid).toBe(paid[1]);
      expect(unparsed(paid[1] ?? '')).toBe(false);
      const listed = await second.client.rest<{ list: { merchant_uid: string }[] }>('GET', '/payments/status/paid');
      expect(listed.body.response?.list.map((p) => p.merchant_uid).sort()).toEqual(['snap-1', 'snap-2', 'snap-3']);
      expect(store.pendingSchedules.due('imp00000000', START + 3600).map((s) => s.merchant_uid)).toEqual([
        'snap-later',
      ]);
      // a change to a record read from the snapshot moves it between index groups
      await second.client.rest('POST', '/payments/cancel', { merchant_uid: 'snap-3' });
      const cancelled = await second.client.rest<{ list: { merchant_uid: string }[] }>(
        'GET',
        '/payments/status/cancelled',
      );
      expect(cancelled.body.response?.list.map((p) => p.merchant_uid)).toEqual(['snap-3']);
    } finally {
      await second.running.close();
    }

    // Damage inside a record of the snapshot: the start reads only the line's frame, the read names the line.
    const damaged = readFileSync(file, 'utf8').trim().split('\n');
    const at = damaged.findIndex((line) => line.includes(`"${paid[0]}"`) && line.startsWith('{"k":"payment"'));
    damaged[at] = (damaged[at] ?? '').replace('"amount":1000', '"amount":10#0');
    writeFileSync(file, `${damaged.join('\n')}\n`);
    const third = await started(dir);
    try {
      const res = await third.client.rest('GET', '/payments/find/snap-1');
      expect(res.status).toBe(500);
      expect(() => third.running.core.store.payments.get(paid[0] ?? '')).toThrow(
        new RegExp(`journal\\.jsonl: line ${at + 1} is not a journal entry`),
      );
    } finally {
      await third.running.close();
    }
  });

  it('ignores a torn last line (a crash mid-write)', async () => {
    const dir = freshDir();
    const first = await started(dir);
    await first.client.rest('POST', '/subscribe/customers/torn', cardFields());
    await first.running.close();
    appendFileSync(path.join(dir, 'journal.jsonl'), '{"k":"billing_key","p":{"merch');
    const second = await started(dir);
    try {
      expect((await second.client.rest('GET', '/subscribe/customers/torn')).status).toBe(200);
    } finally {
      await second.running.close();
    }
  });

  it('reset is persisted: after a restart the records stay forgotten, merchants stay', async () => {
    const dir = freshDir();
    const first = await started(dir);
    await first.client.rest('POST', '/subscribe/customers/gone', cardFields());
    await first.client.reset();
    await first.running.close();
    const second = await started(dir);
    try {
      expect(second.running.core.store.counts()).toMatchObject({ billing_keys: 0, merchants: 1 });
    } finally {
      await second.running.close();
    }
  });

  it('the merchants given at start update the stored ones (e.g. a new callback URL)', async () => {
    const dir = freshDir();
    const first = await startEmulator({ port: 0, dataDir: dir, merchants });
    await first.close();
    const second = await startEmulator({
      port: 0,
      dataDir: dir,
      merchants: [defaultMerchant('http://127.0.0.1:3999/hook')],
    });
    try {
      expect(second.core.merchant('imp00000000')?.callback_url).toBe('http://127.0.0.1:3999/hook');
    } finally {
      await second.close();
    }
  });

  it('the delivery log survives a restart: a due retry is sent, an attempt cut off by the stop is made again', async () => {
    const dir = freshDir();
    const receiver = await startWebhookReceiver();
    const boot = () =>
      startEmulator({
        port: 0,
        dataDir: dir,
        clock: { start: START, frozen: true },
        merchants: [{ ...defaultMerchant(receiver.url), webhook_retry: '5x1m' }],
      });
    try {
      const first = await boot();
      const client = new EmulatorClient(first.url);
      receiver.answer(503);
      await client.completeWindowPayment({ merchant_uid: 'o-retry', amount: 1000, ...cardFields() });
      await client.advanceClock(0);
      receiver.answer('hang');
      await client.completeWindowPayment({ merchant_uid: 'o-cut', amount: 1000, ...cardFields() });
      await receiver.waitFor(2);
      await first.close(); // o-cut's attempt is under way: nothing of it is recorded

      receiver.answer(200);
      const second = await boot();
      try {
        const again = new EmulatorClient(second.url);
        await again.advanceClock(60);
        const log = await again.webhooks();
        expect(
          log.map((w) => [w.merchant_uid, w.status, w.attempts.map((a) => [a.at - START, a.response_status])]),
        ).toEqual([
          [
            'o-retry',
            'delivered',
            [
              [0, 503],
              [60, 200],
            ],
          ],
          ['o-cut', 'delivered', [[0, 200]]], // pending again at its own time: sent at once
        ]);
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
    }
  });

  it('a journal written before the clock per merchant ("x1" snapshot, one clock) is read as it was', async () => {
    const dir = freshDir();
    const merchant = { ...defaultMerchant(NOWHERE_URL) };
    const payment = {
      merchant_code: 'imp00000000',
      seq: 2,
      imp_uid: 'imp_100000000001',
      merchant_uid: 'old-1',
      amount: 1000,
    };
    const old = [
      { k: 'clock', p: { mode: 'frozen', at: START + 500 } },
      { k: 'seq', p: 3 },
      { k: 'merchant', x1: ['imp00000000', 'test_key'], p: merchant },
      {
        k: 'payment',
        x1: ['imp_100000000001', 'imp00000000\nold-1', 'imp00000000\npaid'],
        p: { ...payment, pay_method: 'card', channel: 'api', pg_provider: 'nice', pg_id: 'x', pg_tid: 't' },
      },
      {
        k: 'schedule',
        x1: ['imp00000000\nold-s', 'imp00000000\nc', [START + 600, 3]],
        p: {
          merchant_code: 'imp00000000',
          seq: 3,
          customer_uid: 'c',
          merchant_uid: 'old-s',
          schedule_at: START + 600,
          amount: 1,
          name: '예약',
          schedule_status: 'scheduled',
        },
      },
    ].map((line) => JSON.stringify(line));
    // Records leave their shape's defaults out, as the journal writes them.
    writeFileSync(path.join(dir, 'journal.jsonl'), `${old.join('\n')}\n`);
    const running = await startEmulator({ port: 0, dataDir: dir, merchants });
    try {
      const client = new EmulatorClient(running.url);
      expect(await client.now()).toBe(START + 500);
      expect(running.core.store.payments.get('imp_100000000001')).toMatchObject({
        merchant_uid: 'old-1',
        amount: 1000,
        vbank: null,
        deposits: [],
      });
      expect(running.core.store.pendingSchedules.due('imp00000000', START + 600).map((x) => x.merchant_uid)).toEqual([
        'old-s',
      ]);
      await client.advanceClock(100);
      expect(running.core.store.schedules.get('imp00000000\nold-s')?.schedule_status).toBe('executed');
    } finally {
      await running.close();
    }
  });
});
