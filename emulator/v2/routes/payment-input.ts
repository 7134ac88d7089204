// What payment routes share: the payment a body describes, and a charge's answer.
import type { V2Context } from '../api';
import { pgProviderError } from '../errors';
import {
  amountOf,
  currencyOf,
  customerOf,
  type Json,
  optionalBoolean,
  optionalString,
  optionalStrings,
  requiredString,
} from '../fields';
import type { V2ChargeResult, V2PaymentRequest } from '../service/payments';
import { iso } from '../wire';

/** The payment a body describes (payWithBillingKey, instant, schedule). */
export function paymentRequestOf(ctx: V2Context, body: Json = ctx.body): V2PaymentRequest {
  const amount = amountOf(body);
  return {
    merchantCode: ctx.merchant.code,
    storeId: ctx.merchant.v2.store_id,
    paymentId: ctx.params.paymentId ?? '',
    orderName: requiredString(body, 'orderName', 200),
    total: amount.total,
    taxFree: amount.tax_free,
    currency: currencyOf(body),
    customer: customerOf(body),
    customData: optionalString(body, 'customData', 10_000),
    noticeUrls: optionalStrings(body, 'noticeUrls', 10) ?? [],
    platform: 'API',
    skipWebhook: optionalBoolean(body, 'skipWebhook') ?? false,
  };
}

/** A charge's answer: the summary when paid, the PG's refusal (502) when not. */
export function chargeAnswer(result: V2ChargeResult) {
  if (result.status === 'FAILED') throw pgProviderError(result.pgCode, result.pgMessage);
  return { payment: { pgTxId: result.payment.pg_tx_id ?? '', paidAt: iso(result.payment.paid_at) } };
}
