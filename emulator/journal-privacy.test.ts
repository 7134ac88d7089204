// Card data is checked and dropped: after key-in registration, onetime and window payments (and a
// booking with card fields), the journal on disk holds no card number, expiry, birth or password —
// only masked numbers and the expiry's end as a timestamp — and nothing of it was logged.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmulatorClient, NOWHERE_URL } from '@/test/emulator/kit';
import { defaultMerchant } from './merchants';
import { startEmulator } from './server';

const START = Date.UTC(2026, 0, 15, 3) / 1000;
const NUMBERS = ['4242-4242-4242-4242', '5555-5555-5555-4444', '4000-0000-0000-0002', '4000-0000-0000-9995'];
const EXPIRY = '2031-07';
const BIRTH = '880412';
const PWD = '37';
const card = (card_number: string) => ({ card_number, expiry: EXPIRY, birth: BIRTH, pwd_2digit: PWD });

let dir = '';
afterEach(() => {
  vi.restoreAllMocks();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every key and string value anywhere in a parsed journal entry. */
function* walk(value: unknown): Generator<[key: string | null, value: unknown]> {
  if (Array.isArray(value)) for (const item of value) yield* walk(item);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      yield [key, inner];
      yield* walk(inner);
    }
  } else yield [null, value];
}

describe('journal privacy', () => {
  it('the journal keeps no card number, expiry, birth or pwd_2digit, and nothing of them is logged', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'emulator-privacy-'));
    const logged: unknown[][] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      });
    }
    const running = await startEmulator({
      port: 0,
      dataDir: dir,
      clock: { start: START, frozen: true },
      merchants: [defaultMerchant(NOWHERE_URL)],
    });
    const client = new EmulatorClient(running.url);
    try {
      const [visa, master, refused, poor] = NUMBERS.map(card);
      const answers = [
        await client.rest('POST', '/subscribe/customers/keyin', { ...visa, customer_name: '홍길동' }),
        await client.rest('POST', '/subscribe/payments/onetime', { merchant_uid: 'o-1', amount: 1000, ...master }),
        await client.rest('POST', '/subscribe/payments/onetime', {
          merchant_uid: 'o-2',
          amount: 1000,
          customer_uid: 'onetime-key',
          ...poor,
        }),
        await client.rest('POST', '/subscribe/payments/onetime', { merchant_uid: 'o-3', amount: 1000, ...refused }),
        await client.rest('POST', '/subscribe/payments/schedule', {
          customer_uid: 'booked-key',
          ...master,
          schedules: [{ merchant_uid: 's-1', schedule_at: START + 60, amount: 1000, name: '예약' }],
        }),
      ];
      expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0, -1, 0]);
      const window = await client.completeWindowPayment({ merchant_uid: 'w-1', amount: 1000, ...visa });
      const issuance = await client.completeWindowPayment({
        merchant_uid: 'w-2',
        amount: 0,
        customer_uid: 'window-key',
        ...master,
      });
      expect([window.rsp.success, issuance.rsp.success]).toEqual([true, true]);
      await client.advanceClock(60); // the booked schedule runs with its key
    } finally {
      await running.close();
    }

    const journal = readFileSync(path.join(dir, 'journal.jsonl'), 'utf8');
    const entries = journal
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { k: string });
    // not vacuous: the keys and payments are all there
    const kinds = entries.map((e) => e.k);
    expect(kinds.filter((k) => k === 'billing_key').length).toBeGreaterThanOrEqual(4);
    expect(kinds.filter((k) => k === 'payment').length).toBeGreaterThanOrEqual(6);

    for (const number of NUMBERS) {
      expect(journal).not.toContain(number);
      expect(journal).not.toContain(number.replaceAll('-', ''));
    }
    expect(journal).not.toContain(EXPIRY);
    for (const [key, value] of entries.flatMap((entry) => [...walk(entry)])) {
      expect(['expiry', 'birth', 'pwd_2digit']).not.toContain(key);
      expect([BIRTH, PWD]).not.toContain(value);
      if (key === 'card_number' && value !== null) expect(value).toMatch(/^\d{4}-\d{2}\*\*-\*\*\*\*-\d{4}$/);
    }

    const output = JSON.stringify(logged);
    for (const number of NUMBERS) expect(output).not.toContain(number);
    expect(output).not.toContain(EXPIRY);
  });
});
