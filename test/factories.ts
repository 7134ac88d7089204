// Test data built through the app's own repositories, so it obeys the same rules as real data.
import { randomUUID } from 'node:crypto';
import { hashPassword } from '@/lib/accounts/password';
import { insertUser, type NewUser, type User } from '@/lib/accounts/users';
import type { Card } from '@/lib/cards/chargeable';
import { getDb } from '@/lib/db/connection';
import { cards } from '@/lib/db/schema';
import { iamport } from '@/lib/iamport';
import { mintServiceId } from '@/lib/payments/ids';

export async function createTestUser(overrides: Partial<NewUser> & { password?: string } = {}): Promise<User> {
  const { password = 'correct horse battery', ...fields } = overrides;
  return insertUser({
    email: `user-${randomUUID().slice(0, 8)}@example.com`,
    passwordHash: await hashPassword(password),
    name: '홍길동',
    birthday: '1990-01-01',
    gender: 'male',
    uniqueKeyHash: randomUUID(),
    uniqueInSite: randomUUID(),
    certifiedAt: 1_700_000_000,
    ...fields,
  });
}

/** A request as our own pages send it (same Origin), optionally with cookies; `base` is the site's address. */
export function pageRequest(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    cookie?: string;
    origin?: string | null;
    base?: string;
    headers?: Record<string, string>;
  } = {},
): Request {
  const url = new URL(path, init.base ?? 'http://localhost:3000');
  const headers = new Headers({ ...init.headers, host: url.host });
  if (init.origin !== null) headers.set('origin', init.origin ?? url.origin);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  return new Request(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
}

/** The `name=value` part of a response's Set-Cookie, ready to send back. */
export function cookieFrom(response: Response, name: string): string | undefined {
  const header = response.headers.get('set-cookie') ?? '';
  const match = header.match(new RegExp(`(?:^|, )${name}=([^;]*)`));
  return match ? `${name}=${match[1]}` : undefined;
}

/**
 * An active card of `userId`: a billing key really issued by the test emulator (key-in), stored
 * the way card registration stores it. Other features' tests start from here.
 */
export async function createTestCard(
  userId: string,
  { cardNumber = '4242-4242-4242-4242', isDefault = true }: { cardNumber?: string; isDefault?: boolean } = {},
): Promise<Card> {
  const customerUid = mintServiceId('cus');
  const registration = await iamport().billingKeys.register({
    customer_uid: customerUid,
    card_number: cardNumber,
    expiry: '2099-12',
    birth: '900101',
    pwd_2digit: '00',
  });
  if (registration.outcome !== 'issued') throw new Error(`test card refused: ${registration.message}`);
  const db = await getDb();
  const [card] = await db
    .insert(cards)
    .values({
      userId,
      customerUid,
      status: 'active',
      registeredVia: 'key_in',
      cardName: registration.billingKey.card_name,
      cardNumberMasked: registration.billingKey.card_number,
      isDefault,
      registeredAt: new Date(),
    })
    .returning();
  if (!card) throw new Error('insert returned no row');
  return card;
}
