import { getTier, pgSettings } from '../core/service/account';
import { BANK_CODES, bankCode, CARD_CODES, cardCode, type StandardCode } from '../core/service/codes';
import { notFound } from '../core/wire/errors';
import { param, type RestApi } from './rest';

const one = (entry: StandardCode | undefined, what: string) => {
  if (!entry) throw notFound(`${what} 코드에 해당하는 정보가 없습니다.`);
  return entry;
};

export function codeRoutes(api: RestApi): void {
  // GET /cards — every card issuer's standard code
  api.on('GET', '/cards', () => CARD_CODES);
  // GET /cards/:card_standard_code — one card issuer (404 unknown)
  api.on('GET', '/cards/:card_standard_code', (ctx) => one(cardCode(param(ctx, 'card_standard_code')), '카드사'));
  // GET /banks — every bank's standard code
  api.on('GET', '/banks', () => BANK_CODES);
  // GET /banks/:bank_standard_code — one bank (404 unknown)
  api.on('GET', '/banks/:bank_standard_code', (ctx) => one(bankCode(param(ctx, 'bank_standard_code')), '은행'));
  // GET /users/pg — the merchant's PG channels
  api.on('GET', '/users/pg', (ctx) => pgSettings(ctx.merchant));
  // GET /tiers/:tier_code — a sub-merchant (404 unknown)
  api.on('GET', '/tiers/:tier_code', (ctx) => getTier(ctx.merchant, param(ctx, 'tier_code')));
}
