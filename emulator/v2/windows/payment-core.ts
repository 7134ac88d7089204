// The V2 payment service behind the payment windows (payment-port.ts): v2-api's window functions
// (emulator/v2/service/windows.ts), fed with what the SDK request and the customer gave.
import type { V2Customer } from '../../core/store/v2-records';
import type { Body } from '../../core/wire/fields';
import { assertPayable } from '../service/payments';
import {
  issueAndPayInWindow,
  issueBillingKeyInWindow,
  payInWindow,
  type WindowMeans,
  type WindowPayment,
} from '../service/windows';
import type { V2MethodInput, V2PaymentPort, V2WindowOutcome } from './payment-port';
import { currencyOf } from './sdk-request';
import type { V2WindowSession } from './sessions';

const text = (body: Body, field: string) =>
  typeof body[field] === 'string' && body[field] ? (body[field] as string) : undefined;

/** The SDK's Customer (customerId, fullName, …) as the record keeps it. */
function customerOf(request: Body): V2Customer {
  const customer = typeof request.customer === 'object' && request.customer !== null ? (request.customer as Body) : {};
  const fields = {
    id: text(customer, 'customerId'),
    name: text(customer, 'fullName'),
    email: text(customer, 'email'),
    phoneNumber: text(customer, 'phoneNumber'),
    zipcode: text(customer, 'zipcode'),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as V2Customer;
}

function paymentOf(request: Body, platform: 'PC' | 'MOBILE'): WindowPayment {
  const urls = Array.isArray(request.noticeUrls)
    ? request.noticeUrls.filter((u): u is string => typeof u === 'string')
    : [];
  return {
    paymentId: String(request.paymentId),
    orderName: String(request.orderName),
    total: Number(request.totalAmount),
    ...(typeof request.taxFreeAmount === 'number' ? { taxFree: request.taxFreeAmount } : {}),
    currency: currencyOf(request),
    customer: customerOf(request),
    customData: request.customData === undefined ? null : JSON.stringify(request.customData),
    noticeUrls: urls.slice(0, 5),
    platform,
  };
}

const meansOf = (input: V2MethodInput): WindowMeans =>
  input.type === 'card'
    ? {
        card: {
          number: input.card_number,
          expiryYear: input.expiry.slice(0, 4),
          expiryMonth: input.expiry.slice(5, 7),
        },
      }
    : { phone: input.phone };

export const paymentCore: V2PaymentPort = {
  check(core, merchant, kind, request) {
    if (kind === 'billing-key' || !merchant.v2) return;
    assertPayable(core, { ...paymentOf(request, 'PC'), merchantCode: merchant.code, storeId: merchant.v2.store_id });
  },

  complete(core, session: V2WindowSession, _method, input): V2WindowOutcome {
    const channelKey = String(session.request.channelKey);
    const means = meansOf(input);
    const platform = session.channel === 'mobile' ? 'MOBILE' : 'PC';
    if (session.kind === 'billing-key') {
      const customData = session.request.customData === undefined ? null : JSON.stringify(session.request.customData);
      const issue = issueBillingKeyInWindow(core, session.merchant_code, {
        channelKey,
        customer: customerOf(session.request),
        customData,
        means,
      });
      return issue.status === 'ISSUED'
        ? { ok: true, billingKey: issue.billingKey.billing_key }
        : { ok: false, message: issue.pgMessage, pgCode: issue.pgCode };
    }
    const request = paymentOf(session.request, platform);
    if (session.kind === 'billing-key-and-pay') {
      const { issue, payment } = issueAndPayInWindow(core, session.merchant_code, { channelKey, request, means });
      if (issue.status !== 'ISSUED') return { ok: false, message: issue.pgMessage, pgCode: issue.pgCode };
      const billingKey = issue.billingKey.billing_key;
      if (!payment) return { ok: false, message: '결제하지 못했습니다.', pgCode: 'NOT_CHARGED', billingKey };
      const txId = payment.payment.transaction_id;
      return payment.status === 'PAID'
        ? { ok: true, billingKey, txId }
        : { ok: false, message: payment.pgMessage, pgCode: payment.pgCode, billingKey, txId };
    }
    const paid = payInWindow(core, session.merchant_code, { channelKey, request, means });
    const txId = paid.payment.transaction_id;
    return paid.status === 'PAID'
      ? { ok: true, txId }
      : { ok: false, message: paid.pgMessage, pgCode: paid.pgCode, txId };
  },
};
