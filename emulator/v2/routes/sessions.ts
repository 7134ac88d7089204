// Hosted-checkout sessions: create (the order, alive `ttlSeconds` on the merchant's clock, 30
// minutes by default, a day at most), read (open: the checkout page reads it; 410 once expired or
// closed), close. The emulator keeps the session but serves no checkout page: its `url` is the
// session's own address.
import { randomUUID } from 'node:crypto';
import type { V2SessionRecord } from '../../core/store/v2-records';
import type { V2Api } from '../api';
import { invalidRequest, V2Error } from '../errors';
import { currencyOf, optionalInteger, requiredString } from '../fields';
import { iso } from '../wire';

const DEFAULT_TTL = 30 * 60;
const MAX_TTL = 24 * 3600;
const OPTIONAL = [
  'paymentMethod',
  'redirectUrl',
  'products',
  'customerName',
  'customerEmail',
  'storeName',
  'agreements',
  'orderImageUrl',
  'customData',
  'colors',
];

const notFound = (id: string) => new V2Error(404, 'SESSION_NOT_FOUND', `세션이 존재하지 않습니다: ${id}`);

function sessionWire(r: V2SessionRecord) {
  return {
    id: r.id,
    storeId: r.store_id,
    paymentId: r.payment_id,
    profileKey: r.profile_key,
    country: r.country,
    currency: r.currency,
    totalAmount: r.total,
    orderName: r.order_name,
    ...r.extra,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
  };
}

export function sessionRoutes(api: V2Api): void {
  api.on('POST', '/payment-sessions', ({ core, merchant, body, baseUrl }) => {
    const ttl = optionalInteger(body, 'ttlSeconds', 1) ?? DEFAULT_TTL;
    if (ttl > MAX_TTL) throw new V2Error(400, 'MAX_TTL_EXCEEDED', `ttlSeconds는 최대 ${MAX_TTL}초입니다.`);
    requiredString(body, 'storeId', 200);
    const country = requiredString(body, 'country', 2);
    if (!/^[A-Z]{2}$/.test(country)) throw invalidRequest('country: ISO 3166-1 alpha-2 코드여야 합니다.');
    const total = optionalInteger(body, 'totalAmount', 0);
    if (total === null) throw invalidRequest('totalAmount: 필수 항목입니다.');
    const now = core.now(merchant.code);
    const session = core.store.v2Sessions.put({
      merchant_code: merchant.code,
      id: `session-${randomUUID()}`,
      store_id: merchant.v2.store_id,
      payment_id: requiredString(body, 'paymentId', 200),
      profile_key: requiredString(body, 'profileKey', 200),
      country,
      currency: currencyOf(body),
      total,
      order_name: requiredString(body, 'orderName', 200),
      extra: Object.fromEntries(OPTIONAL.filter((f) => body[f] !== undefined).map((f) => [f, body[f]])),
      created_at: now,
      expires_at: now + ttl,
      closed_at: 0,
    });
    return {
      sessionId: session.id,
      url: `${baseUrl}/payment-sessions/${session.id}`,
      expiresAt: iso(session.expires_at),
    };
  });
  api.open('GET', '/payment-sessions/:sessionId', ({ core, params }) => {
    const session = core.store.v2Sessions.get(params.sessionId ?? '');
    if (!session) throw notFound(params.sessionId ?? '');
    if (session.closed_at > 0 || core.now(session.merchant_code) >= session.expires_at)
      throw new V2Error(410, 'SESSION_EXPIRED', `만료되었거나 닫힌 세션입니다: ${session.id}`);
    return sessionWire(session);
  });
  api.on('POST', '/payment-sessions/:sessionId/close', ({ core, merchant, params }) => {
    const session = core.store.v2Sessions.get(params.sessionId ?? '');
    if (session?.merchant_code !== merchant.code) throw notFound(params.sessionId ?? '');
    const closedAt = session.closed_at || core.now(merchant.code);
    core.store.v2Sessions.put({ ...session, closed_at: closedAt });
    return { closedAt: iso(closedAt) };
  });
}
