// Every route of app/api that reads input, with a valid base request (real records where the route
// would act on them) and the kind of each field; test/hostile-input replaces one field at a time
// with each hostile value of its kind. Routes that read no input are listed with why.
import * as emailConfirm from '@/app/api/account/email/confirm/route';
import * as accountEmail from '@/app/api/account/email/route';
import * as marketing from '@/app/api/account/marketing/route';
import * as accountPassword from '@/app/api/account/password/route';
import * as withdrawal from '@/app/api/account/withdrawal/route';
import * as cardDefault from '@/app/api/cards/[id]/default/route';
import * as card from '@/app/api/cards/[id]/route';
import * as keyIn from '@/app/api/cards/key-in/route';
import * as cardWindow from '@/app/api/cards/window/route';
import * as cardWindowVerify from '@/app/api/cards/window/verify/route';
import * as checkout from '@/app/api/checkout/route';
import * as checkoutVerify from '@/app/api/checkout/verify/route';
import * as barcode from '@/app/api/cvs/[merchantUid]/barcode/route';
import * as cvsCancel from '@/app/api/cvs/[merchantUid]/cancel/route';
import * as cvsConfirm from '@/app/api/cvs/confirm/route';
import * as cvs from '@/app/api/cvs/route';
import * as identityVerify from '@/app/api/identity/verify/route';
import * as planPrice from '@/app/api/operations/plans/[planId]/price/route';
import * as audit from '@/app/api/ops/audit/route';
import * as deposits from '@/app/api/ops/deposits/route';
import * as operators from '@/app/api/ops/operators/route';
import * as opsFulfilment from '@/app/api/ops/orders/[orderNumber]/fulfilment/route';
import * as opsReturn from '@/app/api/ops/orders/[orderNumber]/return/route';
import * as opsOrders from '@/app/api/ops/orders/route';
import * as owedRefund from '@/app/api/ops/owed-refunds/[id]/route';
import * as owedRefunds from '@/app/api/ops/owed-refunds/route';
import * as opsPassword from '@/app/api/ops/password/route';
import * as refunds from '@/app/api/ops/payments/[merchantUid]/refunds/route';
import * as payment from '@/app/api/ops/payments/[merchantUid]/route';
import * as payments from '@/app/api/ops/payments/route';
import * as reconciliations from '@/app/api/ops/reconciliations/route';
import * as opsSession from '@/app/api/ops/session/route';
import * as opsShipmentStep from '@/app/api/ops/shipments/[number]/fulfilment/route';
import * as opsShipments from '@/app/api/ops/shipments/route';
import * as opsCancel from '@/app/api/ops/subscriptions/[id]/cancel/route';
import * as opsCancelNow from '@/app/api/ops/subscriptions/[id]/cancel-now/route';
import * as opsRebook from '@/app/api/ops/subscriptions/[id]/rebook/route';
import * as opsRetry from '@/app/api/ops/subscriptions/[id]/retry/route';
import * as opsSubscription from '@/app/api/ops/subscriptions/[id]/route';
import * as opsSubscriptions from '@/app/api/ops/subscriptions/route';
import * as processAgain from '@/app/api/ops/webhooks/[id]/process/route';
import * as webhooks from '@/app/api/ops/webhooks/route';
import * as orderCancel from '@/app/api/orders/[orderNumber]/cancel/route';
import * as cashReceipt from '@/app/api/orders/[orderNumber]/cash-receipt/route';
import * as refundAccount from '@/app/api/orders/[orderNumber]/refund-account/route';
import * as orderReturn from '@/app/api/orders/[orderNumber]/return/route';
import * as orderDetail from '@/app/api/orders/[orderNumber]/route';
import * as attempts from '@/app/api/orders/attempts/route';
import * as buyNow from '@/app/api/orders/buy-now/route';
import * as resetConfirm from '@/app/api/password-reset/confirm/route';
import * as reset from '@/app/api/password-reset/route';
import * as session from '@/app/api/session/route';
import * as signup from '@/app/api/signup/route';
import * as cancel from '@/app/api/subscriptions/[id]/cancel/route';
import * as cancelNow from '@/app/api/subscriptions/[id]/cancel-now/route';
import * as subscriptionCard from '@/app/api/subscriptions/[id]/card/route';
import * as resume from '@/app/api/subscriptions/[id]/resume/route';
import * as subscriptionShipping from '@/app/api/subscriptions/[id]/shipping/route';
import * as trialDecision from '@/app/api/subscriptions/[id]/trial/route';
import * as offer from '@/app/api/subscriptions/offer/route';
import * as priceChange from '@/app/api/subscriptions/price-changes/[id]/route';
import * as subscriptions from '@/app/api/subscriptions/route';
import * as webhook from '@/app/api/webhooks/iamport/route';
import * as v2Webhook from '@/app/api/webhooks/portone/route';
import { signupConsents } from '@/lib/consents/shared/signup-terms';
import type { BodyKind, QueryKind } from './values';

export interface Fixtures {
  email: string;
  password: string;
  /** A paid one-click order of the customer. */
  orderUid: string;
  /** An active subscription of the customer. */
  subscriptionId: string;
  /** A day at least 30 days ahead (KST), for a valid price change. */
  farDay: string;
}

export interface RouteSpec {
  /** The route's folder under app/api, as its file says it (`ops/payments/[merchantUid]/refunds`). */
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  handler: unknown;
  params?: Record<string, string>;
  query?: { base: Record<string, string>; fields: Record<string, QueryKind> };
  body?: { base: Record<string, unknown>; fields: Record<string, BodyKind> };
  /** The body is raw text (a webhook): whole hostile bodies only. */
  raw?: boolean;
}

const ghost = '00000000-0000-4000-8000-00000000dead';
const ghostOrder = 'ord_AAAAAAAAAAAAAAAAAAAAAA';
/** An order number of the right form that no order has. */
const ghostNumber = { orderNumber: '000000-000000' };
const key = 'hostile-input-key-0000000001';
const note = { base: { note: '' }, fields: { note: 'note' } } as const;
const page = { page: 'page', pageSize: 'page' } as const;

export function routeSpecs(f: Fixtures): RouteSpec[] {
  const sub = { id: f.subscriptionId };
  return [
    {
      route: 'account/email',
      method: 'PUT',
      handler: accountEmail.PUT,
      body: {
        base: { currentPassword: f.password, email: 'next@example.com' },
        fields: { currentPassword: 'password', email: 'email' },
      },
    },
    {
      route: 'account/email/confirm',
      method: 'POST',
      handler: emailConfirm.POST,
      body: { base: { token: 'A'.repeat(43) }, fields: { token: 'id' } },
    },
    {
      route: 'account/marketing',
      method: 'POST',
      handler: marketing.POST,
      body: { base: { agreed: true, version: 'marketing-2026-11-v1' }, fields: { agreed: 'bool', version: 'choice' } },
    },
    {
      route: 'account/password',
      method: 'PUT',
      handler: accountPassword.PUT,
      body: {
        base: { currentPassword: f.password, newPassword: 'another long password' },
        fields: { currentPassword: 'password', newPassword: 'password' },
      },
    },
    {
      route: 'account/withdrawal',
      method: 'POST',
      handler: withdrawal.POST,
      body: { base: { password: f.password }, fields: { password: 'password' } },
    },
    { route: 'cards/[id]/default', method: 'PUT', handler: cardDefault.PUT, params: { id: ghost } },
    { route: 'cards/[id]', method: 'DELETE', handler: card.DELETE, params: { id: ghost } },
    {
      route: 'cards/key-in',
      method: 'POST',
      handler: keyIn.POST,
      body: {
        base: { cardNumber: '4242-4242-4242-4242', expiry: '12/99', birth: '900101', pwd2digit: '12' },
        fields: { cardNumber: 'id', expiry: 'id', birth: 'id', pwd2digit: 'id', consent: 'consent' },
      },
    },
    {
      route: 'cards/window',
      method: 'POST',
      handler: cardWindow.POST,
      body: { base: {}, fields: { consent: 'consent' } },
    },
    {
      route: 'cards/window/verify',
      method: 'POST',
      handler: cardWindowVerify.POST,
      body: {
        base: { customer_uid: 'cus_AAAAAAAAAAAAAAAAAAAAAA', imp_uid: 'imp_000000000000' },
        fields: { customer_uid: 'id', imp_uid: 'id' },
      },
    },
    ...(['checkout', 'orders/buy-now'] as const).map(
      (route): RouteSpec => ({
        route,
        method: 'POST',
        handler: route === 'checkout' ? checkout.POST : buyNow.POST,
        body: {
          base: { productId: 'drip-bag-20', idempotencyKey: key, quantity: 1 },
          fields: {
            productId: 'id',
            idempotencyKey: 'id',
            quantity: 'amount',
            shipping: 'shipping',
            saveAddress: 'bool',
            ...(route === 'checkout' && { cashReceipt: 'cashReceipt' as const, payMethod: 'choice' as const }),
          },
        },
      }),
    ),
    {
      route: 'checkout/verify',
      method: 'POST',
      handler: checkoutVerify.POST,
      body: {
        base: { merchant_uid: ghostOrder, imp_uid: 'imp_000000000000' },
        fields: { merchant_uid: 'id', imp_uid: 'id' },
      },
    },
    { route: 'orders/[orderNumber]', method: 'GET', handler: orderDetail.GET, params: ghostNumber },
    { route: 'orders/[orderNumber]/cancel', method: 'POST', handler: orderCancel.POST, params: ghostNumber },
    { route: 'orders/[orderNumber]/cash-receipt', method: 'GET', handler: cashReceipt.GET, params: ghostNumber },
    {
      route: 'orders/[orderNumber]/cash-receipt',
      method: 'POST',
      handler: cashReceipt.POST,
      params: ghostNumber,
      body: {
        base: { type: 'person', identifier: '010-1234-5678' },
        fields: { type: 'choice', identifier: 'receiptNumber' },
      },
    },
    {
      route: 'orders/[orderNumber]/refund-account',
      method: 'POST',
      handler: refundAccount.POST,
      params: ghostNumber,
      body: {
        base: { bank: '004', account: '12345678901234', holder: '홍길동' },
        fields: { bank: 'choice', account: 'accountNumber', holder: 'holderName' },
      },
    },
    {
      route: 'orders/[orderNumber]/return',
      method: 'POST',
      handler: orderReturn.POST,
      params: ghostNumber,
      body: { base: { reason: 'damaged', detail: '' }, fields: { reason: 'choice', detail: 'note' } },
    },
    {
      route: 'ops/orders',
      method: 'GET',
      handler: opsOrders.GET,
      query: { base: {}, fields: { queue: 'choice', number: 'text', method: 'choice' } },
    },
    {
      route: 'ops/deposits',
      method: 'GET',
      handler: deposits.GET,
      query: { base: {}, fields: { state: 'choice', ...page } },
    },
    {
      route: 'ops/owed-refunds',
      method: 'GET',
      handler: owedRefunds.GET,
      query: { base: {}, fields: { state: 'choice', ...page } },
    },
    {
      route: 'ops/owed-refunds/[id]',
      method: 'POST',
      handler: owedRefund.POST,
      params: { id: ghost },
      body: {
        base: { refundAccount: { bank: '004', account: '12345678901234', holder: '홍길동' } },
        fields: { refundAccount: 'object' },
      },
    },
    {
      route: 'ops/orders/[orderNumber]/fulfilment',
      method: 'POST',
      handler: opsFulfilment.POST,
      params: ghostNumber,
      body: {
        base: { action: 'ship', carrier: 'CJ대한통운', trackingNumber: '123456789012' },
        fields: { action: 'choice', carrier: 'choice', trackingNumber: 'id' },
      },
    },
    {
      route: 'ops/shipments',
      method: 'GET',
      handler: opsShipments.GET,
      query: { base: {}, fields: { queue: 'choice', number: 'text', method: 'choice' } },
    },
    {
      route: 'ops/shipments/[number]/fulfilment',
      method: 'POST',
      handler: opsShipmentStep.POST,
      params: { number: 'S000000-000000-1' },
      body: {
        base: { action: 'ship', carrier: 'CJ대한통운', trackingNumber: '123456789012' },
        fields: { action: 'choice', carrier: 'choice', trackingNumber: 'id' },
      },
    },
    {
      route: 'ops/orders/[orderNumber]/return',
      method: 'POST',
      handler: opsReturn.POST,
      params: ghostNumber,
      body: { base: { decision: 'approve', fee: 3_000 }, fields: { decision: 'choice', fee: 'amount' } },
    },
    { route: 'cvs/[merchantUid]/barcode', method: 'GET', handler: barcode.GET, params: { merchantUid: ghostOrder } },
    { route: 'cvs/[merchantUid]/cancel', method: 'POST', handler: cvsCancel.POST, params: { merchantUid: ghostOrder } },
    {
      route: 'cvs/confirm',
      method: 'POST',
      handler: cvsConfirm.POST,
      body: { base: { response: { imp_uid: 'imp_000000000000' } }, fields: { response: 'object' } },
    },
    {
      route: 'cvs',
      method: 'POST',
      handler: cvs.POST,
      body: {
        base: { productId: 'drip-bag-20', idempotencyKey: key },
        fields: { productId: 'id', idempotencyKey: 'id' },
      },
    },
    {
      route: 'identity/verify',
      method: 'POST',
      handler: identityVerify.POST,
      body: { base: { imp_uid: 'imp_000000000000' }, fields: { imp_uid: 'id' } },
    },
    {
      route: 'operations/plans/[planId]/price',
      method: 'POST',
      handler: planPrice.POST,
      params: { planId: 'monthly-beans' },
      body: { base: { amount: 20_900, from: f.farDay }, fields: { amount: 'amount', from: 'day' } },
    },
    {
      route: 'ops/audit',
      method: 'GET',
      handler: audit.GET,
      query: {
        base: {},
        fields: { operator: 'text', action: 'text', target: 'text', from: 'day', to: 'day', ...page },
      },
    },
    {
      route: 'ops/operators',
      method: 'POST',
      handler: operators.POST,
      body: {
        base: { email: 'new-operator@shop.example', role: 'viewer' },
        fields: { email: 'email', role: 'choice' },
      },
    },
    {
      route: 'ops/password',
      method: 'POST',
      handler: opsPassword.POST,
      body: {
        base: { current: 'not the password', next: 'a long enough password' },
        fields: { current: 'password', next: 'password' },
      },
    },
    {
      route: 'ops/payments/[merchantUid]/refunds',
      method: 'POST',
      handler: refunds.POST,
      params: { merchantUid: f.orderUid },
      body: {
        base: { amount: 1_000, refundable: 15_900, reason: 'customer_request', note: '' },
        fields: { amount: 'amount', refundable: 'amount', reason: 'choice', note: 'note' },
      },
    },
    { route: 'ops/payments/[merchantUid]', method: 'GET', handler: payment.GET, params: { merchantUid: ghostOrder } },
    {
      route: 'ops/payments',
      method: 'GET',
      handler: payments.GET,
      query: {
        base: {},
        fields: {
          merchantUid: 'text',
          impUid: 'text',
          email: 'text',
          status: 'choice',
          kind: 'choice',
          method: 'choice',
          from: 'day',
          to: 'day',
          ...page,
        },
      },
    },
    { route: 'ops/reconciliations', method: 'GET', handler: reconciliations.GET, query: { base: {}, fields: page } },
    {
      route: 'ops/session',
      method: 'POST',
      handler: opsSession.POST,
      body: {
        base: { email: 'nobody@shop.example', password: 'not the password' },
        fields: { email: 'email', password: 'password' },
      },
    },
    ...(
      [
        ['ops/subscriptions/[id]/cancel', opsCancel.POST],
        ['ops/subscriptions/[id]/cancel-now', opsCancelNow.POST],
        ['ops/subscriptions/[id]/rebook', opsRebook.POST],
        ['ops/subscriptions/[id]/retry', opsRetry.POST],
      ] as const
    ).map(([route, handler]): RouteSpec => ({ route, method: 'POST', handler, params: sub, body: note })),
    { route: 'ops/subscriptions/[id]', method: 'GET', handler: opsSubscription.GET, params: { id: ghost } },
    {
      route: 'ops/subscriptions',
      method: 'GET',
      handler: opsSubscriptions.GET,
      query: {
        base: {},
        fields: { email: 'text', status: 'choice', missingBooking: 'choice', awaitingConsent: 'choice', ...page },
      },
    },
    { route: 'ops/webhooks/[id]/process', method: 'POST', handler: processAgain.POST, params: { id: ghost } },
    {
      route: 'ops/webhooks',
      method: 'GET',
      handler: webhooks.GET,
      query: { base: {}, fields: { payment: 'text', outcome: 'choice', from: 'day', to: 'day', ...page } },
    },
    {
      route: 'orders/attempts',
      method: 'GET',
      handler: attempts.GET,
      query: { base: { key }, fields: { key: 'choice' } },
    },
    {
      route: 'password-reset/confirm',
      method: 'POST',
      handler: resetConfirm.POST,
      body: {
        base: { token: 'A'.repeat(43), password: 'a long enough password' },
        fields: { token: 'id', password: 'password' },
      },
    },
    { route: 'password-reset', method: 'POST', handler: reset.POST, body: { base: {}, fields: { email: 'email' } } },
    {
      route: 'session',
      method: 'POST',
      handler: session.POST,
      body: { base: { email: f.email, password: f.password }, fields: { email: 'email', password: 'password' } },
    },
    {
      route: 'signup',
      method: 'POST',
      handler: signup.POST,
      body: {
        base: {
          email: 'new-customer@example.com',
          password: 'a long enough password',
          consents: signupConsents({ terms: true, privacy: true, marketing: false }),
        },
        fields: { email: 'email', password: 'password', consents: 'object' },
      },
    },
    { route: 'subscriptions/[id]/cancel', method: 'POST', handler: cancel.POST, params: { id: ghost } },
    { route: 'subscriptions/[id]/cancel-now', method: 'GET', handler: cancelNow.GET, params: { id: ghost } },
    { route: 'subscriptions/[id]/cancel-now', method: 'POST', handler: cancelNow.POST, params: { id: ghost } },
    {
      route: 'subscriptions/[id]/card',
      method: 'PUT',
      handler: subscriptionCard.PUT,
      params: sub,
      body: { base: {}, fields: { cardId: 'id' } },
    },
    { route: 'subscriptions/[id]/resume', method: 'POST', handler: resume.POST, params: { id: ghost } },
    {
      route: 'subscriptions/[id]/trial',
      method: 'POST',
      handler: trialDecision.POST,
      params: sub,
      body: { base: { decision: 'end' }, fields: { decision: 'choice', textSha256: 'choice' } },
    },
    {
      route: 'subscriptions/[id]/shipping',
      method: 'PUT',
      handler: subscriptionShipping.PUT,
      params: sub,
      body: { base: {}, fields: { shipping: 'shipping' } },
    },
    {
      route: 'subscriptions/offer',
      method: 'POST',
      handler: offer.POST,
      body: { base: { planId: 'monthly-beans' }, fields: { planId: 'id', cardId: 'id' } },
    },
    {
      route: 'subscriptions/price-changes/[id]',
      method: 'POST',
      handler: priceChange.POST,
      params: { id: ghost },
      body: { base: {}, fields: { consent: 'consent', decision: 'choice' } },
    },
    {
      route: 'subscriptions',
      method: 'POST',
      handler: subscriptions.POST,
      body: {
        base: { planId: 'monthly-beans', idempotencyKey: key, consent: { agreed: true, token: 'x' } },
        fields: { planId: 'id', idempotencyKey: 'id', cardId: 'id', consent: 'consent', shipping: 'shipping' },
      },
    },
    { route: 'webhooks/iamport', method: 'POST', handler: webhook.POST, raw: true },
    // Unsigned, so refused (401) before anything is read or written.
    { route: 'webhooks/portone', method: 'POST', handler: v2Webhook.POST, raw: true },
  ];
}

/** Route methods that read no input (nothing to make hostile), and why they are safe without. */
export const noInput: Record<string, string> = {
  'GET cards': 'the signed-in customer’s cards',
  'GET orders': 'the signed-in customer’s orders',
  'GET subscriptions': 'the signed-in customer’s subscriptions',
  'GET session': 'who is signed in',
  'DELETE session': 'signs out',
  'GET ops/session': 'which operator is signed in',
  'DELETE ops/session': 'signs out',
  'GET identity': 'this browser’s verified identity',
  'POST identity/checks': 'mints a merchant_uid (rate-limited)',
  'GET health': 'liveness',
  'GET ready': 'readiness: the database, migrations and a token from the service',
  'POST operations/reconcile': 'runs reconciliation (operator token)',
  'POST ops/reconciliations': 'runs reconciliation (refunder)',
  'GET ops/operators': 'lists operators (admin)',
  'GET [...path]': 'no such API route: 404 before anything is read',
  'POST [...path]': 'no such API route: 404 before anything is read',
  'PUT [...path]': 'no such API route: 404 before anything is read',
  'DELETE [...path]': 'no such API route: 404 before anything is read',
};
