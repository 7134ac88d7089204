// How much of PortOne V2's core API (outside the platform and B2B APIs) the emulator answers,
// derived from the OpenAPI file and the emulator's V2 routes (never a hard-coded list), printed
// on every run; and every answered operation once, with a request that succeeds, its answer
// validated against the operation's own schema (harness.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { authorizeBillingKeyInWindow, authorizePaymentInWindow } from '@/emulator/v2/service/manual-confirm';
import { payInWindow } from '@/emulator/v2/service/windows';
import {
  CARD_CHANNEL,
  card,
  IDENTITY_CHANNEL,
  issueKey,
  paidPayment,
  paymentId,
  SECRET,
  START,
  STORE_ID,
  useV2Emulator,
  WALLET_CHANNEL,
} from './harness';
import { coreOperations } from './openapi-v2-schema';

/** The number of core operations answered when this test was last raised: it may only grow. */
const ANSWERED_AT_LEAST = 45;

interface Sample {
  params?: Record<string, string>;
  /** Plain query parameters (operations the SDK sends so). */
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  authorization?: null;
}

describe('the V2 OpenAPI file’s core operations', () => {
  const s = useV2Emulator();
  const world: Record<string, string> = {};
  const core = coreOperations();
  const routed = (operation: string) => {
    const [method, pattern = ''] = operation.split(' ');
    return s.emulator.v2Routes.includes(`${method} ${pattern.replace(/\{(\w+)\}/g, ':$1')}`);
  };

  beforeAll(async () => {
    await sendIdentityCodes();
    world.paid = await paidPayment(s.api, 10_000);
    world.toCancel = await paidPayment(s.api, 10_000);
    world.key = await issueKey(s.api);
    world.toDelete = await issueKey(s.api);
    world.va = paymentId('va');
    await s.api.ok('POST', '/payments/{paymentId}/instant', {
      params: { paymentId: world.va },
      body: {
        method: { virtualAccount: { bank: 'KOOKMIN', expiry: { validHours: 24 }, option: { type: 'NORMAL' } } },
        orderName: '가상계좌',
        amount: { total: 5000 },
        currency: 'KRW',
      },
    });
    world.receipt = paymentId('cash');
    await s.api.ok('POST', '/cash-receipts', { body: cashReceipt(world.receipt) });
    world.schedule = (
      await s.api.ok<{ schedule: { id: string } }>('POST', '/payments/{paymentId}/schedule', {
        params: { paymentId: paymentId('sched') },
        body: { payment: charge(world.key), timeToPay: new Date((START + 86_400) * 1000).toISOString() },
      })
    ).schedule.id;
    const core = s.emulator.core;
    const order = (id: string) => ({ paymentId: id, orderName: '주문', total: 1000, currency: 'KRW' });
    world.authorized = paymentId('auth');
    world.paymentToken = authorizePaymentInWindow(core, 'imp00000000', {
      channelKey: CARD_CHANNEL,
      request: order(world.authorized),
      means: { card: card() },
    }).paymentToken;
    world.issueToken =
      authorizeBillingKeyInWindow(core, 'imp00000000', { channelKey: CARD_CHANNEL, means: { card: card() } })
        .billingIssueToken ?? '';
    world.issueAndPay = paymentId('issue-pay');
    world.issueAndPayToken =
      authorizeBillingKeyInWindow(core, 'imp00000000', {
        channelKey: CARD_CHANNEL,
        means: { card: card() },
        payment: order(world.issueAndPay),
      }).billingIssueToken ?? '';
    const kakao = payInWindow(core, 'imp00000000', {
      channelKey: WALLET_CHANNEL,
      request: order(paymentId('kakao')),
      means: { phone: '010-1234-5678' },
    });
    world.kakaoTx = kakao.payment.pg_tx_id ?? '';
    world.escrow = paymentId('escrow');
    await s.api.ok('POST', '/payments/{paymentId}/instant', {
      params: { paymentId: world.escrow },
      body: {
        method: { card: { credential: card() } },
        isEscrow: true,
        orderName: '에스크로',
        amount: { total: 1000 },
        currency: 'KRW',
      },
    });
    const newSession = async () =>
      (await s.api.ok<{ sessionId: string }>('POST', '/payment-sessions', { body: session })).sessionId;
    world.session = await newSession();
    world.closedSession = await newSession();
    world.refreshToken = (
      await s.api.ok<{ refreshToken: string }>('POST', '/login/api-secret', {
        body: { apiSecret: SECRET },
        authorization: null,
      })
    ).refreshToken;
  });

  const session = {
    storeId: STORE_ID,
    paymentId: 'session-order',
    profileKey: 'profile-key-1',
    country: 'KR',
    currency: 'KRW',
    totalAmount: 1000,
    orderName: '주문',
  };
  const charge = (billingKey: string) => ({ billingKey, orderName: '구독', amount: { total: 1000 }, currency: 'KRW' });
  const cashReceipt = (id: string) => ({
    paymentId: id,
    channelKey: CARD_CHANNEL,
    type: 'PERSONAL',
    orderName: '주문',
    currency: 'KRW',
    amount: { total: 1100 },
    customer: { identityNumber: '01012345678' },
  });

  // Identity verification by API (helper v2-browser's): one sent for confirm (and read), one for resend.
  const identityBody = (phoneNumber: string) => ({
    channelKey: IDENTITY_CHANNEL,
    operator: 'SKT',
    method: 'SMS',
    customer: { name: '홍길동', phoneNumber, ipAddress: '127.0.0.1', identityNumber: '9003151' },
  });
  const sendIdentityCodes = async () => {
    for (const [id, phone] of [
      ['iv-confirm', '010-1111-2222'],
      ['iv-resend', '010-3333-4444'],
    ] as const)
      await s.api.ok('POST', '/identity-verifications/{identityVerificationId}/send', {
        params: { identityVerificationId: id },
        body: identityBody(phone),
      });
  };

  const samples: Record<string, () => Sample> = {
    'POST /login/api-secret': () => ({ body: { apiSecret: SECRET }, authorization: null }),
    'POST /token/refresh': () => ({ body: { refreshToken: world.refreshToken ?? '' }, authorization: null }),
    'GET /banks': () => ({}),
    'GET /payments/{paymentId}': () => ({ params: { paymentId: world.paid ?? '' } }),
    'GET /payments': () => ({ body: { page: { number: 0, size: 5 } } }),
    'GET /payments-by-cursor': () => ({ body: { size: 5 } }),
    'GET /payment-events-by-cursor': () => ({ body: { size: 5 } }),
    'GET /payments/{paymentId}/transactions': () => ({ params: { paymentId: world.paid ?? '' } }),
    'POST /payments/{paymentId}/cancel': () => ({
      params: { paymentId: world.toCancel ?? '' },
      body: { reason: '환불' },
    }),
    'POST /payments/{paymentId}/billing-key': () => ({
      params: { paymentId: paymentId() },
      body: charge(world.key ?? ''),
    }),
    'POST /payments/{paymentId}/instant': () => ({
      params: { paymentId: paymentId() },
      body: { method: { card: { credential: card() } }, orderName: '단건', amount: { total: 1000 }, currency: 'KRW' },
    }),
    'POST /payments/{paymentId}/pre-register': () => ({
      params: { paymentId: paymentId() },
      body: { totalAmount: 1000, currency: 'KRW' },
    }),
    'POST /payments/{paymentId}/resend-webhook': () => ({ params: { paymentId: world.paid ?? '' }, body: {} }),
    'POST /payments/{paymentId}/virtual-account/close': () => ({ params: { paymentId: world.va ?? '' } }),
    'POST /payments/{paymentId}/schedule': () => ({
      params: { paymentId: paymentId() },
      body: { payment: charge(world.key ?? ''), timeToPay: new Date((START + 86_400) * 1000).toISOString() },
    }),
    'GET /payment-schedules/{paymentScheduleId}': () => ({ params: { paymentScheduleId: world.schedule ?? '' } }),
    'GET /payment-schedules': () => ({ body: { filter: { billingKey: world.key } } }),
    'DELETE /payment-schedules': () => ({ body: { scheduleIds: [world.schedule] } }),
    'POST /billing-keys': () => ({ body: { channelKey: CARD_CHANNEL, method: { card: { credential: card() } } } }),
    'GET /billing-keys': () => ({ body: { page: { size: 5 } } }),
    'GET /billing-keys/{billingKey}': () => ({ params: { billingKey: world.key ?? '' } }),
    'DELETE /billing-keys/{billingKey}': () => ({ params: { billingKey: world.toDelete ?? '' } }),
    'POST /cash-receipts': () => ({ body: cashReceipt(paymentId('cash')) }),
    'GET /cash-receipts': () => ({ body: { page: { size: 5 } } }),
    'GET /payments/{paymentId}/cash-receipt': () => ({ params: { paymentId: world.receipt ?? '' } }),
    'POST /payments/{paymentId}/cash-receipt/cancel': () => ({ params: { paymentId: world.receipt ?? '' } }),
    'POST /payments/{paymentId}/confirm': () => ({
      params: { paymentId: world.authorized ?? '' },
      body: { paymentToken: world.paymentToken },
    }),
    'POST /billing-keys/confirm': () => ({ body: { billingIssueToken: world.issueToken } }),
    'POST /billing-keys/confirm-issue-and-pay': () => ({
      body: { billingIssueToken: world.issueAndPayToken, paymentId: world.issueAndPay },
    }),
    'POST /payments/{paymentId}/escrow/logistics': () => ({
      params: { paymentId: world.escrow ?? '' },
      body: shipment,
    }),
    'PATCH /payments/{paymentId}/escrow/logistics': () => ({
      params: { paymentId: world.escrow ?? '' },
      body: shipment,
    }),
    'POST /payments/{paymentId}/escrow/complete': () => ({ params: { paymentId: world.escrow ?? '' }, body: {} }),
    'POST /payments/{paymentId}/register-store-receipt': () => ({
      params: { paymentId: world.paid ?? '' },
      body: {
        items: [
          { storeBusinessRegistrationNumber: '1234567890', storeName: '가게', totalAmount: 10_000, currency: 'KRW' },
        ],
      },
    }),
    'GET /kakaopay/payment/order': () => ({ query: { pgTxId: world.kakaoTx ?? '', channelKey: WALLET_CHANNEL } }),
    'GET /payment-reconciliations/transactions/vat-report': () => ({
      body: { dateRange: { from: '2026-01-15', until: '2026-01-16' } },
    }),
    'POST /payment-sessions': () => ({ body: session }),
    'GET /checkout-profiles/evaluate': () => ({
      query: { profileKey: `checkout-profile-${STORE_ID}`, country: 'KR', currency: 'KRW', amount: '1000' },
    }),
    'GET /payment-sessions/{sessionId}': () => ({ params: { sessionId: world.session ?? '' } }),
    'POST /payment-sessions/{sessionId}/close': () => ({ params: { sessionId: world.closedSession ?? '' } }),
    'GET /payment-gateways/card-promotion': () => ({ query: { channelKey: CARD_CHANNEL, amount: '10000' } }),
    'GET /identity-verifications/{identityVerificationId}': () => ({
      params: { identityVerificationId: 'iv-confirm' },
    }),
    'GET /identity-verifications': () => ({ body: { filter: { statuses: ['READY', 'VERIFIED'] } } }),
    'POST /identity-verifications/{identityVerificationId}/send': () => ({
      params: { identityVerificationId: 'iv-send' },
      body: identityBody('010-5555-6666'),
    }),
    'POST /identity-verifications/{identityVerificationId}/confirm': () => ({
      params: { identityVerificationId: 'iv-confirm' },
      body: { otp: '123456' },
    }),
    'POST /identity-verifications/{identityVerificationId}/resend': () => ({
      params: { identityVerificationId: 'iv-resend' },
    }),
  };
  const shipment = { logistics: { company: 'CJ', invoiceNumber: '1', sentAt: new Date(START * 1000).toISOString() } };

  it('answers every routed core operation with a body that fits its schema', async () => {
    const answered = core.filter(routed);
    const missing = answered.filter((operation) => !samples[operation]);
    expect(missing, 'routed operations without a sample here').toEqual([]);
    // The escrow shipment is registered and changed before the purchase is confirmed.
    const first = ['POST /payments/{paymentId}/escrow/logistics', 'PATCH /payments/{paymentId}/escrow/logistics'];
    const ordered = [...first.filter((o) => answered.includes(o)), ...answered.filter((o) => !first.includes(o))];
    for (const operation of ordered) {
      const [method = '', pattern = ''] = operation.split(' ');
      const sample = samples[operation]?.() ?? {};
      const answer = await s.api.call(method, pattern, sample);
      expect(answer.status, `${operation}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it('prints how many of the core operations it answers', () => {
    const answered = core.filter(routed);
    console.log(`V2: answered ${answered.length} of ${core.length} core operations`);
    const unanswered = core.filter((operation) => !routed(operation));
    if (unanswered.length > 0) console.log(`V2: not answered: ${unanswered.join(', ')}`);
    expect(core).toHaveLength(50);
    expect(answered.length).toBeGreaterThanOrEqual(ANSWERED_AT_LEAST);
  });
});
