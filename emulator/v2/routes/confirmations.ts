// Manual confirmation of what a window authorized: POST /payments/{id}/confirm,
// POST /billing-keys/confirm, POST /billing-keys/confirm-issue-and-pay.
import type { V2Api } from '../api';
import { pgProviderError } from '../errors';
import { optionalInteger, optionalString, requiredString } from '../fields';
import { confirmIssue } from '../service/billing-keys';
import { confirmIssueAndPay, confirmPayment } from '../service/manual-confirm';
import { chargeAnswer } from './payment-input';

export function confirmationRoutes(api: V2Api): void {
  api.on('POST', '/payments/:paymentId/confirm', ({ core, merchant, params, body }) => {
    const result = confirmPayment(core, merchant.code, params.paymentId ?? '', {
      token: requiredString(body, 'paymentToken', 200),
      txId: optionalString(body, 'txId', 100),
      total: optionalInteger(body, 'totalAmount'),
      currency: optionalString(body, 'currency', 3),
    });
    return chargeAnswer(result).payment;
  });
  api.on('POST', '/billing-keys/confirm', ({ core, merchant, body }) => ({
    billingKey: confirmIssue(core, merchant.code, requiredString(body, 'billingIssueToken', 200)).billing_key,
  }));
  api.on('POST', '/billing-keys/confirm-issue-and-pay', ({ core, merchant, body }) => {
    const { billingKey, paymentId, result } = confirmIssueAndPay(
      core,
      merchant.code,
      requiredString(body, 'billingIssueToken', 200),
      {
        paymentId: optionalString(body, 'paymentId', 200),
        total: optionalInteger(body, 'totalAmount'),
        currency: optionalString(body, 'currency', 3),
      },
    );
    if (result.status === 'FAILED') throw pgProviderError(result.pgCode, result.pgMessage);
    return { billingKey, paymentId };
  });
}
