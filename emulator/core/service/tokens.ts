// Access tokens per the spec's Authentication rules, on the virtual clock. A token is valid up to
// and including its expired_at. Each merchant key has at most one live token; the logic is
// synchronous, so concurrent requests for one key all see (or create) the same token.
import type { Merchant } from '../../merchants';
import type { Emulator } from '../emulator';
import type { TokenRecord } from '../store/records';
import { unauthorized } from '../wire/errors';
import { newAccessToken } from './ids';

export const TOKEN_LIFETIME = 30 * 60;
export const FINAL_MINUTE = 60;
export const EXTENSION = 5 * 60;

export interface IssuedToken {
  access_token: string;
  now: number;
  expired_at: number;
}

/** `onMerchant` learns whose token it is (its clock dates the answer). */
export function issueToken(
  core: Emulator,
  key: string | null,
  secret: string | null,
  onMerchant: (merchantCode: string) => void = () => {},
): IssuedToken {
  const merchant = key === null ? undefined : core.store.merchantsByKey.get(key)[0];
  if (!merchant || secret === null || merchant.secret !== secret) throw unauthorized();
  onMerchant(merchant.code);
  const now = core.now(merchant.code);
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

const tokenRecord = (core: Emulator, accessToken: string | null) =>
  accessToken === null ? undefined : core.store.tokensByValue.get(accessToken)[0];

/**
 * A request's token, looked up once: the merchant it was issued to, valid or expired (its clock
 * dates the answer), null when unknown; and whether it is valid on that merchant's clock.
 */
export function tokenHolder(core: Emulator, accessToken: string | null): { merchant: Merchant | null; valid: boolean } {
  const token = tokenRecord(core, accessToken);
  const merchant = (token && core.merchant(token.merchant_code)) ?? null;
  return { merchant, valid: token !== undefined && merchant !== null && core.now(merchant.code) <= token.expired_at };
}
