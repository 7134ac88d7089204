// Test data built through the app's own repositories, so it obeys the same rules as real data.
import { randomUUID } from 'node:crypto';
import { hashPassword } from '@/lib/accounts/password';
import { insertUser, type NewUser, type User } from '@/lib/accounts/users';

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

/** A request as our own pages send it (same Origin), optionally with cookies. */
export function pageRequest(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; origin?: string | null } = {},
): Request {
  const url = new URL(path, 'http://localhost:3000');
  const headers = new Headers({ host: url.host });
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
