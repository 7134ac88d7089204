// What each dashboard section lists: its control-API path, its order (newest first) and columns
// as [heading, record => text]. Webhook deliveries are read loosely (target or url, attempts as a
// number or a list) so the page keeps working as that log's shape settles.
export const when = (seconds) =>
  seconds ? new Date(seconds * 1000).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' }) : '-';
export const money = (amount, currency) =>
  currency && currency !== 'KRW' ? `${amount} ${currency}` : `${amount.toLocaleString('ko-KR')}원`;
const outcome = (status, reason) => (reason ? `${status}: ${reason}` : status);

export const SECTIONS = {
  payments: {
    path: '/payments',
    order: (r) => -r.started_at,
    columns: [
      ['imp_uid', (r) => r.imp_uid],
      ['주문번호', (r) => r.merchant_uid],
      ['가맹점', (r) => r.merchant_code],
      ['상품명', (r) => r.name],
      ['수단', (r) => `${r.pay_method} · ${r.pg_provider}${r.bank_name ? ` ${r.bank_name}` : ''} (${r.channel})`],
      ['금액', (r) => money(r.amount, r.currency)],
      ['상태', (r) => outcome(r.status, r.fail_reason)],
      ['customer_uid', (r) => r.customer_uid && `${r.customer_uid} (${r.customer_uid_usage})`],
      ['시작', (r) => when(r.started_at)],
    ],
  },
  certifications: {
    path: '/certifications',
    order: (r) => -r.certified_at,
    columns: [
      ['imp_uid', (r) => r.imp_uid],
      ['가맹점', (r) => r.merchant_code],
      ['이름', (r) => r.name],
      ['생년월일', (r) => r.birthday],
      ['휴대폰', (r) => `${r.phone} (${r.carrier})`],
      ['인증', (r) => (r.certified ? '성공' : '실패')],
      ['시각', (r) => when(r.certified_at)],
    ],
  },
  'billing-keys': {
    path: '/billing-keys',
    order: (r) => -r.updated,
    columns: [
      ['customer_uid', (r) => r.customer_uid],
      ['가맹점', (r) => r.merchant_code],
      ['카드', (r) => (r.card_number ? `${r.card_name} ${r.card_number}` : r.card_name)],
      ['고객', (r) => r.customer_name],
      ['등록', (r) => when(r.inserted)],
      ['갱신', (r) => when(r.updated)],
    ],
  },
  schedules: {
    path: '/schedules',
    order: (r) => r.schedule_at,
    columns: [
      ['주문번호', (r) => r.merchant_uid],
      ['customer_uid', (r) => r.customer_uid],
      ['예약 시각', (r) => when(r.schedule_at)],
      ['금액', (r) => money(r.amount, r.currency)],
      ['상태', (r) => r.schedule_status],
      ['결과', (r) => r.payment_status && outcome(r.payment_status, r.fail_reason)],
      ['imp_uid', (r) => r.imp_uid],
    ],
  },
  webhooks: {
    path: '/webhooks',
    order: (r) => -(r.created_at ?? r.id ?? 0),
    columns: [
      ['id', (r) => r.id],
      ['대상', (r) => r.target ?? r.url],
      ['인코딩', (r) => r.encoding],
      ['시도', (r) => (Array.isArray(r.attempts) ? r.attempts.length : r.attempts)],
      ['응답', (r) => r.response_status ?? r.status],
      ['본문', (r) => JSON.stringify(r.body)],
    ],
    action: (r) => r.id !== undefined && ['재전송', `/webhooks/${encodeURIComponent(r.id)}/redeliver`, {}],
  },
};

/** The bank: virtual accounts still waiting for (the rest of) their deposit. */
export const BANK = {
  columns: [
    ['imp_uid', (r) => r.imp_uid],
    ['가맹점', (r) => r.merchant_code],
    ['계좌', (r) => `${r.vbank_name} ${r.vbank_num} (${r.vbank_holder})`],
    ['금액', (r) => money(r.amount, r.currency)],
    ['입금됨', (r) => money(deposited(r), r.currency)],
    ['기한', (r) => when(r.vbank_date)],
  ],
};
export const deposited = (r) => (r.deposit_history ?? []).reduce((sum, d) => sum + d.amount, 0);

/** The store counter: convenience-store payments still waiting to be paid. */
export const COUNTER = {
  columns: [
    ['imp_uid', (r) => r.imp_uid],
    ['바코드', (r) => r.vbank_num],
    ['금액', (r) => money(r.amount, r.currency)],
    ['기한', (r) => when(r.vbank_date)],
  ],
  action: (r) => ['현금 수납', `/cvs/${encodeURIComponent(r.imp_uid)}/collect`, { method: 'cash' }],
};
