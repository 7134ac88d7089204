// Random requests for the fuzzer: every route of the emulator (REST, control, browser), with
// path segments, queries, headers and bodies that are sometimes valid (so success paths are
// reached) and often hostile — wrong types, huge numbers, NUL bytes, deep nesting, garbage text.
import fc from 'fast-check';
import qs from 'qs';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const FIELDS = [
  'imp_key',
  'imp_secret',
  'imp_uid',
  'merchant_uid',
  'customer_uid',
  'amount',
  'checksum',
  'name',
  'currency',
  'card_number',
  'expiry',
  'birth',
  'pwd_2digit',
  'pg',
  'schedules',
  'schedule_at',
  'notice_url',
  'custom_data',
  'buyer_name',
  'buyer_tel',
  'reason',
  'seconds',
  'code',
  'key',
  'secret',
  'callback_url',
  'test_channels',
  'webhook_format',
  'webhook_retry',
  'mode',
  'count',
  'method',
  'kind',
  'params',
  'merchant_code',
  'phone',
  'birthday',
  'gender',
  'carrier',
  'min_age',
  'confirm_url',
  'barcode',
  'expired_at',
  'enable_webhook',
  'action',
  'vbank_code',
  'vbank_due',
  'vbank_holder',
  'depositor_name',
  'identifier',
  'type',
  'otp',
  'gender_digit',
  'logis',
  'sender',
  'receiver',
  'refund_bank',
  'refund_account',
  'refund_holder',
  'tiers',
];
const QUERY = [
  'page',
  'limit',
  'from',
  'to',
  'sorting',
  'include_sandbox',
  'schedule-status',
  'merchant_code',
  'imp_uid',
  'cancellation_id',
  'jquery',
  'cross_origin',
  'imp_uid[]',
  'merchant_uid[]',
  'customer_uid[]',
  'bank_code',
  'bank_num',
  'schedule_from',
  'schedule_to',
  'schedule_status',
];

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    '\u0000',
    'x'.repeat(3000),
    '../../etc/passwd',
    '%00',
    '1e309',
    '-1',
    '0',
    '12',
    'true',
    '4242-4242-4242-4242',
    '4000-0000-0000-0119',
    '3782-822463-10005',
    '2099-12',
    '900101',
    '2026-13',
    'http://127.0.0.1:1/x',
    'javascript:alert(1)',
    'imp_000000000000',
    'all',
    'paid',
    '-started',
    'kcp',
    'imp00000000',
    'test_key',
    '<script>',
    '\ud800',
    '홍길동',
  ),
);
const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1, 1e308, 2 ** 53 + 1, 1e21, 9900, 1_768_000_000),
);
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const card = { card_number: '4242-4242-4242-4242', expiry: '2099-12', birth: '900101' };
const order = { merchant_uid: 'fz-1', amount: 1000, name: '퍼즈' };
/** A valid body per route, mutated below, so that the fuzzer also walks the success paths. */
const TEMPLATES: Record<string, Record<string, unknown>> = {
  'POST /users/getToken': { imp_key: 'test_key', imp_secret: 'test_secret' },
  'POST /subscribe/payments/onetime': { ...order, ...card },
  'POST /subscribe/payments/again': { ...order, customer_uid: 'fz' },
  'POST /subscribe/customers/:customer_uid': card,
  'POST /subscribe/payments/schedule': { customer_uid: 'fz', schedules: [{ ...order, schedule_at: 4_000_000_000 }] },
  'POST /subscribe/payments/unschedule': { customer_uid: 'fz' },
  'POST /payments/cancel': { merchant_uid: 'fz-1' },
  'POST /payments/prepare': order,
  'POST /cvs': order,
  'POST /__emulator/api/merchants': { code: 'imp12345678', key: 'fz-key', secret: 'fz' },
  'POST /__emulator/api/clock/advance': { seconds: 60 },
  'POST /__emulator/api/window-payments': { ...order, ...card },
  'POST /__emulator/api/certifications': {
    name: '홍길동',
    birthday: '1990-01-01',
    gender: 'male',
    phone: '010-1234-5678',
    carrier: 'SKT',
  },
  'POST /__emulator/windows': { kind: 'payment', merchant_code: 'imp00000000', params: order },
  'POST /v2/windows': {
    kind: 'identity-verification',
    request: {
      storeId: 'store-00000000-0000-4000-8000-000000000000',
      channelKey: 'channel-key-00000000-0000-4000-8000-0000000000d1',
      identityVerificationId: 'fz-iv',
    },
  },
  'POST /vbanks': { ...order, vbank_code: '004', vbank_due: 4_000_000_000 },
  'POST /__emulator/api/vbanks/:imp_uid/deposit': { amount: 1000 },
  'POST /receipts/external/:merchant_uid': { name: '퍼즈', amount: 1000, identifier: '01012345678' },
  'POST /certifications/otp/request': {
    name: '홍길동',
    phone: '010-1234-5678',
    birth: '900101',
    gender_digit: '1',
    carrier: 'SKT',
  },
  'POST /escrows/logis/:imp_uid': {
    sender: { name: '판매자' },
    receiver: { name: '구매자' },
    logis: { company: 'CJGLS', invoice: '1234', sent_at: 4_000_000_000 },
  },
};

const body = (route: string) =>
  fc
    .record({
      base: fc.boolean().map((useTemplate) => (useTemplate ? { ...TEMPLATES[route] } : {})),
      changes: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 4 }),
      removed: fc.subarray(FIELDS, { maxLength: 3 }),
    })
    .map(({ base, changes, removed }) => {
      const merged: Record<string, unknown> = { ...base, ...changes };
      for (const field of removed) delete merged[field];
      return merged;
    });

const encoded = (route: string) =>
  fc.oneof(
    body(route).map((b) => ({ type: 'application/json', text: JSON.stringify(b) })),
    body(route).map((b) => ({ type: 'application/x-www-form-urlencoded', text: qs.stringify(b) })),
    fc.string({ maxLength: 200 }).map((t) => ({ type: 'application/json', text: t })),
    fc.nat({ max: 20_000 }).map((n) => ({ type: 'application/json', text: `${'['.repeat(n)}${']'.repeat(n)}` })),
    fc.constant({ type: 'text/plain', text: '' }),
  );

const segment = fc.oneof(
  fc.constantFrom('imp_000000000000', 'fz', 'fz-1', 'paid', 'all', 'x', 'wh_1', 'iamport-payment.js'),
  text.map((t) => encodeURIComponent(t.replace(/[\ud800-\udfff]/g, '?'))),
  fc.constantFrom('%', '%E0%A4%A', '..', '%2F', '__proto__'),
);

const query = fc
  .dictionary(fc.constantFrom(...QUERY), fc.oneof(text, number.map(String)), { maxKeys: 3 })
  .map((q) => (Object.keys(q).length ? `?${new URLSearchParams(q as Record<string, string>)}` : ''));

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

/** A request for one of `routes` (`METHOD /pattern`), or for no route at all. */
export function fuzzRequest(routes: string[], token: string): fc.Arbitrary<FuzzRequest> {
  const routed = fc.constantFrom(...routes).chain((route) => {
    const [method = 'GET', pattern = '/'] = route.split(' ');
    const names = pattern.split('/').filter((part) => part.startsWith(':'));
    return fc.record({
      method: fc.oneof({ weight: 5, arbitrary: fc.constant(method) }, fc.constantFrom(...METHODS)),
      path: fc
        .tuple(fc.array(segment, { minLength: names.length, maxLength: names.length }), query)
        .map(([values, q]) => names.reduce((path, name, i) => path.replace(name, values[i] ?? 'x'), pattern) + q),
      body: fc.option(encoded(route), { nil: undefined }),
      auth: fc.constantFrom(`Bearer ${token}`, token, 'Bearer nope', '', '\t'),
    });
  });
  const stray = fc.record({
    method: fc.constantFrom(...METHODS),
    path: fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
    body: fc.option(encoded(''), { nil: undefined }),
    auth: fc.constant(''),
  });
  return fc.oneof({ weight: 9, arbitrary: routed }, stray).map(({ method, path, body: payload, auth }) => ({
    method,
    path,
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(payload && method !== 'GET' && method !== 'HEAD' ? { 'content-type': payload.type } : {}),
    },
    body: method === 'GET' || method === 'HEAD' ? undefined : payload?.text,
  }));
}
