// Payments: read one, list (page or cursor), cancel, pay with a billing key, pay at once with a
// card, pre-register, transactions, resend a webhook.
import type { V2Api } from '../api';
import { alreadyPaid } from '../errors';
import { optionalBoolean, optionalInteger, optionalString, requiredString } from '../fields';
import { usableBillingKey } from '../service/billing-keys';
import { cancelPayment } from '../service/cancel';
import { chargeBillingKey } from '../service/key-payments';
import { findPayment, getPayment } from '../service/payments';
import { cancellationWire, paymentWire, transactionWire, v2ReceiptPath } from '../wire';
import { instantPayment } from './instant';
import { chargeAnswer, paymentRequestOf } from './payment-input';
import { listPayments, paymentEventsByCursor, paymentsByCursor } from './payment-lists';
import { resendWebhook } from './resend-webhook';

export function paymentRoutes(api: V2Api): void {
  api.on('GET', '/payments/:paymentId', ({ core, merchant, params, browserUrl }) =>
    paymentWire(getPayment(core, merchant.code, params.paymentId ?? ''), merchant.v2, browserUrl),
  );
  api.on('GET', '/payments', listPayments);
  api.on('GET', '/payments-by-cursor', paymentsByCursor);
  api.on('GET', '/payment-events-by-cursor', paymentEventsByCursor);
  api.on('POST', '/payments/:paymentId/cancel', ({ core, merchant, params, body, browserUrl }) => {
    const { payment, cancellation } = cancelPayment(core, merchant.code, params.paymentId ?? '', {
      amount: optionalInteger(body, 'amount', 1),
      taxFree: optionalInteger(body, 'taxFreeAmount'),
      reason: requiredString(body, 'reason', 200),
      currentCancellableAmount: optionalInteger(body, 'currentCancellableAmount'),
      skipWebhook: optionalBoolean(body, 'skipWebhook') ?? false,
    });
    return {
      cancellation: cancellationWire(
        cancellation,
        `${browserUrl}${v2ReceiptPath(payment.store_id, payment.payment_id)}`,
      ),
    };
  });
  api.on('POST', '/payments/:paymentId/billing-key', (ctx) => {
    const request = paymentRequestOf(ctx);
    const key = usableBillingKey(ctx.core, ctx.merchant.code, requiredString(ctx.body, 'billingKey', 200));
    return chargeAnswer(chargeBillingKey(ctx.core, ctx.merchant.v2, key, request));
  });
  api.on('POST', '/payments/:paymentId/instant', instantPayment);
  api.on('POST', '/payments/:paymentId/pre-register', ({ core, merchant, params, body }) => {
    const paymentId = params.paymentId ?? '';
    const existing = findPayment(core, merchant.code, paymentId);
    if (existing && existing.status !== 'FAILED' && existing.status !== 'READY') throw alreadyPaid(paymentId);
    core.store.v2PreRegistrations.put({
      merchant_code: merchant.code,
      payment_id: paymentId,
      total: optionalInteger(body, 'totalAmount'),
      tax_free: optionalInteger(body, 'taxFreeAmount'),
      currency: optionalString(body, 'currency', 3),
    });
    return {};
  });
  api.on('GET', '/payments/:paymentId/transactions', ({ core, merchant, params, browserUrl }) => {
    // The emulator keeps one transaction per payment: its last attempt.
    const payment = getPayment(core, merchant.code, params.paymentId ?? '');
    return { items: [transactionWire(payment, merchant.v2, browserUrl)] };
  });
  api.on('POST', '/payments/:paymentId/resend-webhook', resendWebhook);
}
