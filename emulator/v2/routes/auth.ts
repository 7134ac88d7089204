// POST /login/api-secret and POST /token/refresh, each answer dated by its merchant's clock (clients
// such as the app read the service's time from a login's Date header).
import type { V2Api } from '../api';
import { issueTokens, merchantBySecret, refreshTokens } from '../auth';
import { unauthorizedV2 } from '../errors';
import { requiredString } from '../fields';

export function authRoutes(api: V2Api): void {
  api.open('POST', '/login/api-secret', ({ core, body, dateBy }) => {
    const merchant = merchantBySecret(core, requiredString(body, 'apiSecret', 400));
    if (!merchant) throw unauthorizedV2('API Secret이 올바르지 않습니다.');
    dateBy(merchant.code);
    const tokens = issueTokens(core, merchant);
    return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
  });
  api.open('POST', '/token/refresh', ({ core, body, dateBy }) => {
    const tokens = refreshTokens(core, requiredString(body, 'refreshToken', 400));
    dateBy(tokens.merchant_code);
    return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
  });
}
