// Who a V2 request is: `Authorization: PortOne <API secret>`, or `Bearer <access token>` from
// POST /login/api-secret (kept on the merchant's virtual clock, renewed by POST /token/refresh).
import type { IncomingHttpHeaders } from 'node:http';
import type { Emulator } from '../core/emulator';
import { newAccessToken } from '../core/service/ids';
import type { V2TokenRecord } from '../core/store/v2-records';
import type { Merchant, MerchantV2 } from '../merchants';
import { unauthorizedV2 } from './errors';

/** Access tokens live 30 minutes, refresh tokens a day (the service's lifetimes). */
export const ACCESS_TOKEN_SECONDS = 30 * 60;
export const REFRESH_TOKEN_SECONDS = 24 * 3600;

export type V2Merchant = Merchant & { v2: MerchantV2 };

export function merchantBySecret(core: Emulator, secret: string): V2Merchant | null {
  const found = core.merchants().find((m) => m.v2?.api_secret === secret);
  return found?.v2 ? (found as V2Merchant) : null;
}

/** The merchant a request's Authorization header names; UNAUTHORIZED when none or not valid now. */
export function authenticate(core: Emulator, headers: IncomingHttpHeaders): V2Merchant {
  const authorization = headers.authorization?.trim() ?? '';
  const [scheme = '', value = ''] = authorization.split(/\s+/, 2);
  if (/^PortOne$/i.test(scheme) && value) {
    const merchant = merchantBySecret(core, value);
    if (merchant) return merchant;
    throw unauthorizedV2('API Secret이 올바르지 않습니다.');
  }
  if (/^Bearer$/i.test(scheme) && value) {
    const token = core.store.v2Tokens.get(value);
    const merchant = token && core.merchant(token.merchant_code);
    if (token && merchant?.v2 && token.expires_at > core.now(merchant.code)) return merchant as V2Merchant;
    throw unauthorizedV2('액세스 토큰이 없거나 만료되었습니다.');
  }
  throw unauthorizedV2('Authorization 헤더가 필요합니다 (PortOne <API Secret> 또는 Bearer <액세스 토큰>).');
}

export function issueTokens(core: Emulator, merchant: Merchant): V2TokenRecord {
  const now = core.now(merchant.code);
  // Pairs whose refresh token has expired can do nothing more: forgotten, so logins do not pile up.
  for (const old of core.store.v2TokensByMerchant.get(merchant.code))
    if (old.refresh_expires_at <= now) core.store.v2Tokens.delete(old.access_token);
  return core.store.v2Tokens.put({
    merchant_code: merchant.code,
    access_token: `v2at_${newAccessToken()}`,
    refresh_token: `v2rt_${newAccessToken()}`,
    expires_at: now + ACCESS_TOKEN_SECONDS,
    refresh_expires_at: now + REFRESH_TOKEN_SECONDS,
  });
}

/** A refresh token still valid: a new pair, and the old pair is retired. */
export function refreshTokens(core: Emulator, refreshToken: string): V2TokenRecord {
  const [old] = core.store.v2TokensByRefresh.get(refreshToken);
  const merchant = old && core.merchant(old.merchant_code);
  if (!old || !merchant?.v2 || old.refresh_expires_at <= core.now(merchant.code))
    throw unauthorizedV2('리프레시 토큰이 없거나 만료되었습니다.');
  core.store.v2Tokens.delete(old.access_token);
  return issueTokens(core, merchant);
}
