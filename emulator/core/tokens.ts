// Access tokens per the spec's Authentication rules, on the virtual clock. A token is valid up to
// and including its expired_at. Each merchant key has at most one live token; the logic is
// synchronous, so concurrent requests for one key all see (or create) the same token.
import type { Merchant } from '../merchants';
import type { Emulator } from './emulator';
import { unauthorized } from './errors';
import { newAccessToken } from './ids';
import type { TokenRecord } from './types';

export const TOKEN_LIFETIME = 30 * 60;
export const FINAL_MINUTE = 60;
export const EXTENSION = 5 * 60;

export interface IssuedToken {
  access_token: string;
  now: number;
  expired_at: number;
}

export function issueToken(core: Emulator, key: string | null, secret: string | null): IssuedToken {
  const merchant = key === null ? undefined : core.store.merchantsByKey.get(key)[0];
  if (!merchant || secret === null || merchant.secret !== secret) throw unauthorized();
  const now = core.now();
  const current = core.store.tokens.get(merchant.code);
  let token: TokenRecord;
  if (!current || now > current.expired_at) {
    token = { merchant_code: merchant.code, access_token: newAccessToken(), expired_at: now + TOKEN_LIFETIME };
    core.store.tokens.put(token);
  } else if (now >= current.expired_at - FINAL_MINUTE) {
    token = { ...current, expired_at: current.expired_at + EXTENSION };
    core.store.tokens.put(token);
  } else {
    token = current;
  }
  return { access_token: token.access_token, now, expired_at: token.expired_at };
}

/** The merchant a token belongs to; a missing, unknown or expired token is 401. */
export function authenticate(core: Emulator, accessToken: string | null): Merchant {
  const token = accessToken === null ? undefined : core.store.tokensByValue.get(accessToken)[0];
  if (!token || core.now() > token.expired_at) throw unauthorized();
  const merchant = core.merchant(token.merchant_code);
  if (!merchant) throw unauthorized();
  return merchant;
}
