// Hostile values per kind of field, each one a value the field must refuse: wrong JSON types, text
// PostgreSQL cannot store (NUL, a lone UTF-16 surrogate — JSON's "\ud800" — which jsonb refuses), text far over any limit, numbers past what the integer columns or
// the service hold, dates no calendar has or far outside the sane range, page numbers that overflow.

const wrongType = [null, true, 12, [], {}];
/** Not a number (for the numeric fields, whose hostile numbers follow). */
const notANumber = [null, true, '12', [], {}];
/** Half a surrogate pair with no other half: valid JSON, invalid Unicode (PostgreSQL's jsonb refuses it). */
const loneSurrogates = ['김\ud800하늘', '\udc00', 'x\ud83d'];
const junk = ['', ' ', 'a\u0000b', ...loneSurrogates, 'x'.repeat(5_000), "' or '1'='1", '../../etc/passwd', '𝕏𝕏𝕏'];

/** A delivery address as the order sheet sends it (test/fixtures/shipping.ts), valid. */
const address = {
  recipient: '김구독',
  phone: '010-1234-5678',
  postcode: '04524',
  address: '서울특별시 중구 세종대로 110',
  addressDetail: '3층',
  note: '',
};

export const hostileBody = {
  /** A formatted identifier: uuid, merchant_uid, imp_uid, plan, product, idempotency key, token. */
  id: [...wrongType, ...junk],
  email: [
    ...wrongType,
    '',
    'not-an-email',
    `${'x'.repeat(300)}@example.com`,
    'a\u0000@example.com',
    '\ud800@example.com',
  ],
  password: [...wrongType, '', 'short', 'x'.repeat(201), 'pass\u0000word', 'password \udc00 surrogate'],
  /** Free text of at most 500 characters. */
  note: [null, true, 12, [], {}, 'x'.repeat(501), 'a\u0000b', ...loneSurrogates],
  amount: [...notANumber, 0, -1, 0.5, 2 ** 31, 3_000_000_000, 2 ** 53 + 2, 1e308, -1e308],
  day: [
    ...wrongType,
    '',
    'yesterday',
    '0001-01-01',
    '9999-12-31',
    '1999-12-31',
    '2100-01-01',
    '2026-02-30',
    '2026-13-01',
    '2026-1-1',
    '+275760-09-13',
  ],
  bool: [null, 'true', 1, [], {}],
  choice: [...wrongType, '', 'x', 'x'.repeat(1_000), 'a\u0000', ...loneSurrogates],
  /** The consent a form sends: refused (422) when it is not one, never a crash. */
  consent: [
    null,
    'yes',
    1,
    [],
    { agreed: 'true' },
    { agreed: true, token: 1 },
    { agreed: true, token: 'x'.repeat(10_000) },
  ],
  object: [null, 'x', 1, [], true],
  /** A delivery address: wrong types, then a valid one with one field made hostile (and a hostile key). */
  shipping: [
    null,
    'x',
    1,
    [],
    true,
    ...Object.keys(address).flatMap((field) =>
      ['a\u0000b', ...loneSurrogates, 'x'.repeat(5_000)].map((value) => ({ ...address, [field]: value })),
    ),
    { ...address, '\ud800': 'x' },
  ],
  /** A refund account's number (8–16 digits; spaces and dashes allowed): wrong types, junk, near misses. */
  accountNumber: [
    ...wrongType,
    ...junk,
    '1234567',
    '1'.repeat(17),
    '1234-5678-abcd',
    '１２３４５６７８９０',
    '-'.repeat(30),
  ],
  /** An account holder's name as the bank prints it: wrong types, junk, digits, too long. */
  holderName: [...wrongType, ...junk, '홍길동1', '홍'.repeat(21), '<script>', '홍길동\n'],
  /** A 현금영수증's number (a mobile number or a 사업자등록번호): wrong types, junk, near misses. */
  receiptNumber: [
    ...wrongType,
    ...junk,
    '010-1234-567',
    '02-123-4567',
    '124-81-00999',
    '124-81-0099',
    '1'.repeat(31),
    '010-1234-5678\u0000',
    '０１０-１２３４-５６７８',
  ],
  /** A 현금영수증 asked for at checkout: wrong types, a valid one with one field made hostile, an extra key. */
  cashReceipt: [
    null,
    'x',
    1,
    [],
    true,
    {},
    { type: 'person' },
    { type: 'x', identifier: '010-1234-5678' },
    { type: 'company', identifier: '010-1234-5678' },
    { type: 'person', identifier: '010-1234-5678', extra: 1 },
    ...['a\u0000b', ...loneSurrogates, 'x'.repeat(5_000), '124-81-00999'].map((identifier) => ({
      type: 'company',
      identifier,
    })),
  ],
} as const;

export type BodyKind = keyof typeof hostileBody;

export const hostileQuery = {
  page: ['0', '-1', '1.5', '1e10', '100001', 'abc', '9007199254740993', '', 'NaN', 'Infinity'],
  day: ['0001-01-01', '9999-12-31', '2026-02-30', '2026-02-29', 'yesterday', '', '+275760-09-13'],
  // No lone surrogates here: a query string is UTF-8 percent-encoding, whose decoding replaces one
  // (and any broken sequence) with U+FFFD, which is storable; e2e/hostile-paths.spec.ts sends them raw.
  text: ['a\u0000b', 'x'.repeat(201)],
  choice: ['', 'x', 'x'.repeat(1_000), 'a\u0000'],
} as const;

export type QueryKind = keyof typeof hostileQuery;

/** Path parameters (an id, a merchant_uid): anything but one of ours is simply not found. */
export const hostilePath = [
  '',
  ' ',
  '..',
  'x'.repeat(5_000),
  '\u0000',
  "' or 1=1 --",
  '𝕏',
  '00000000-0000-0000-0000-000000000000',
  `ord_${'A'.repeat(100)}`,
];

/** Whole bodies that are not what any route reads. */
export const hostileRawBodies = ['', 'not json', '{', '[]', 'null', '1', '"x"', '[[[[[[[[[[]]]]]]]]]]', '{"a":'];
