// Registering a card by key-in: the route, a real emulator and a real database. Card data must
// never be stored, logged or echoed — checked over every text column of every table and over
// everything the route wrote to the console.
import fs from 'node:fs';
import { format } from 'node:util';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as keyInRoute } from '@/app/api/cards/key-in/route';
import type { CardSummary } from '@/lib/cards/card-view';
import { cards } from '@/lib/db/schema';
import { setupAppTest } from '@/test/app-harness';
import { TEST_CARDS } from '@/test/emulator/kit';
import { pageRequest } from '@/test/factories';
import { Customer, keyIn, onlyApprovedCard } from '@/test/kits/cards';

const app = setupAppTest();

// Everything the code under test prints — the console and the logger's lines (pino writes them
// with fs.writeSync) — kept to search for card data at the end.
const printed: string[] = [];
beforeAll(() => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(format(...args));
    });
  }
  const writeSync = fs.writeSync;
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown, ...rest: never[]) => {
    if (fd !== 1 && fd !== 2) return writeSync(fd, data as string, ...rest);
    printed.push(String(data));
    return String(data).length;
  }) as typeof fs.writeSync);
});
afterAll(() => vi.restoreAllMocks());

const rowsOf = (userId: string) => app.db().select().from(cards).where(eq(cards.userId, userId));
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const KB_CARD = '5555-5555-5555-4444';
const AMEX = '3782-822463-10005';

/** Raw rows on either engine (PGlite answers `{ rows }`, node-postgres a result with `rows` too). */
async function selectRows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await app.db().execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

describe('card registration by key-in', () => {
  it('4242 issued: stored active with the masked number only, as the default', async () => {
    const customer = await Customer.signUp();
    const response = await customer.keyIn(keyIn(TEST_CARDS.approved));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.cards).toEqual([onlyApprovedCard(body.cardId, 'key_in')]);
    const [row] = await rowsOf(customer.user.id);
    const key = await app.client().billingKeys.get({ customer_uid: row?.customerUid ?? '' });
    // The service holds the key under our customer_uid, with the account's name as the customer.
    expect(key).toMatchObject({ card_number: '4242-42**-****-4242', customer_name: customer.user.name });

    const second = await customer.keyIn(keyIn(KB_CARD));
    expect((await second.json()).cards).toMatchObject([
      { isDefault: true, numberMasked: '4242-42**-****-4242', duplicateOf: null },
      { isDefault: false, numberMasked: '5555-55**-****-4444', cardName: 'KB국민카드', duplicateOf: null },
    ]);

    // The same card again: registered (the customer may want it), but named as a repeat of the first.
    const again = await customer.keyIn(keyIn(TEST_CARDS.approved));
    expect(again.status).toBe(201);
    const repeated = (await again.json()) as { cardId: string; cards: CardSummary[] };
    expect(repeated.cards.find((card) => card.id === repeated.cardId)).toMatchObject({
      numberMasked: '4242-42**-****-4242',
      duplicateOf: body.cardId,
      isDefault: false,
    });
    // Removing the repeat leaves no warning behind.
    expect((await customer.remove(repeated.cardId)).status).toBe(200);
    expect((await customer.cards()).map((card) => card.duplicateOf)).toEqual([null, null]);
  });

  it('AMEX: a 15-digit card written 4-6-5 goes through the route to the service and is issued', async () => {
    const customer = await Customer.signUp();
    const response = await customer.keyIn(keyIn(AMEX));
    const text = await response.text();
    expect(response.status, text).toBe(201);
    const { cards: listed } = JSON.parse(text) as { cards: CardSummary[] };
    expect(listed).toMatchObject([{ cardName: '현대카드', numberMasked: '3782-82****-*0005', isDefault: true }]);
    // The 16-digit grouping of a 15-digit number is not a card number the form would send.
    expect((await customer.keyIn(keyIn('3782-8224-6310-005'))).status).toBe(400);
  });

  it.each([
    ['refused', TEST_CARDS.refused, '카드사에서 승인을 거절했습니다', '[F112] 카드사에서 승인을 거절하였습니다.'],
    ['expired', TEST_CARDS.expired, '유효기간이 지난 카드입니다', '[F113] 유효기간이 만료된 카드입니다.'],
  ])('%s card: the issuer’s reason in plain words, nothing is stored', async (_, cardNumber, reason, raw) => {
    const customer = await Customer.signUp();
    const keysBefore = (await app.emulator().billingKeys()).length;
    const response = await customer.keyIn(keyIn(cardNumber));
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe('card_refused');
    expect(error.message).toContain(reason);
    expect(error.message).not.toContain('[F');
    // The service's own text is for the log only.
    expect(printed.join('\n')).toContain(raw);
    expect(await rowsOf(customer.user.id)).toEqual([]);
    expect((await app.emulator().billingKeys()).length).toBe(keysBefore);
  });

  it('an expiry already over on the service’s clock is refused as expired', async () => {
    const customer = await Customer.signUp();
    const response = await customer.keyIn(keyIn(TEST_CARDS.approved, { expiry: '01/20' }));
    expect(response.status).toBe(422);
    expect((await errorOf(response)).message).toContain('유효기간');
  });

  it('a corporate card with a 10-digit business number is accepted', async () => {
    const customer = await Customer.signUp();
    const response = await customer.keyIn(keyIn(TEST_CARDS.approved, { birth: '1234567890' }));
    expect(response.status).toBe(201);
  });

  it('bad bodies: 400 naming the fields, never echoing them, nothing stored or sent', async () => {
    const customer = await Customer.signUp();
    const keysBefore = (await app.emulator().billingKeys()).length;
    const cases: [unknown, string[]][] = [
      [{}, ['birth', 'cardNumber', 'expiry', 'pwd2digit']],
      [keyIn('4242-4242-4242-4241'), ['cardNumber']], // fails the check digit
      [keyIn('4242424242424242'), ['cardNumber']], // not in the form's masked shape
      [keyIn(TEST_CARDS.approved, { expiry: '13/30' }), ['expiry']],
      [keyIn(TEST_CARDS.approved, { expiry: '2030-12' }), ['expiry']],
      [keyIn(TEST_CARDS.approved, { birth: '9001' }), ['birth']],
      [keyIn(TEST_CARDS.approved, { pwd2digit: '123' }), ['pwd2digit']],
      [{ ...keyIn(TEST_CARDS.approved), cvc: '123' }, ['_']],
      [{ ...keyIn(TEST_CARDS.approved), cardNumber: 4242424242424242 }, ['cardNumber']],
    ];
    for (const [body, fields] of cases) {
      const response = await customer.keyIn(body);
      const text = await response.text();
      expect(response.status, text).toBe(400);
      const { error } = JSON.parse(text);
      expect(Object.keys(error.fields ?? {}).sort(), text).toEqual(fields);
      // The request id is a random UUID (it may hold any 4 digits); the rest must not echo the card.
      expect(JSON.stringify({ ...error, requestId: undefined })).not.toMatch(/4242/);
    }
    expect((await customer.keyIn('{oops')).status).toBe(400);
    expect(
      (await keyInRoute(pageRequest('/api/cards/key-in', { method: 'POST', body: keyIn(TEST_CARDS.approved) }), {}))
        .status,
    ).toBe(401);
    expect(await rowsOf(customer.user.id)).toEqual([]);
    expect((await app.emulator().billingKeys()).length).toBe(keysBefore);
  });

  it('the service failing: 503, no card listed, no key left behind at the service', async () => {
    const customer = await Customer.signUp();
    await app.emulator().injectFault({ method: 'POST', path: '/subscribe/customers/*', action: '503' });
    const response = await customer.keyIn(keyIn(TEST_CARDS.approved));
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ code: 'service_unavailable' });
    expect(await customer.cards()).toEqual([]);
    const [row] = await rowsOf(customer.user.id);
    expect(row).toMatchObject({ status: 'removed', cardNumberMasked: null });
    await expect(app.client().billingKeys.get({ customer_uid: row?.customerUid ?? '' })).rejects.toThrow();
  });

  // Runs last: everything above registered, refused and rejected card numbers.
  it('no card number beyond its masked form is in any text column of any table, or in the output', async () => {
    const entered = [TEST_CARDS.approved, KB_CARD, AMEX, TEST_CARDS.refused, TEST_CARDS.expired, '4242-4242-4242-4241'];
    // The whole number, or its first 12 digits (more than the masked form's first 6), dashed or not.
    const forms = entered
      .flatMap((number) => [number, number.slice(0, 14)])
      .flatMap((form) => [form, form.replaceAll('-', '')]);

    const columns = await selectRows<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')`,
    );
    expect(columns.length).toBeGreaterThan(10);
    const stored: string[] = [];
    for (const { table_name, column_name } of columns) {
      const values = await selectRows<{ value: string | null }>(
        sql`select ${sql.identifier(column_name)}::text as value from ${sql.identifier(table_name)}`,
      );
      for (const { value } of values) if (value) stored.push(value);
    }
    expect(stored).toContain('4242-42**-****-4242');
    for (const value of [...stored, ...printed]) {
      for (const number of forms) expect(value).not.toContain(number);
    }
  });
});
