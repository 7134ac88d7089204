// Control API for what a customer does outside the merchant's pages: money into a virtual account
// (the bank; V1's and V2's), and the code a certification by REST texted to their phone.
import { otpMessage } from '../core/service/otp-certifications';
import { depositInto } from '../core/service/vbank-deposits';
import { paymentWire } from '../core/wire/answers';
import { ServiceError } from '../core/wire/errors';
import { V2Error } from '../v2/errors';
import { depositVirtualAccount } from '../v2/service/virtual-accounts';
import { paymentWire as v2PaymentWire } from '../v2/wire';
import { webhookWire } from '../webhooks/webhook-wire';
import type { AddControlRoute } from './context';

export function customerRoutes(on: AddControlRoute): void {
  // POST /vbanks/:imp_uid/deposit {amount?, depositor_name?} — money arrives (default: all that is left);
  // answers the payment and the notices it caused, once they were attempted
  on('POST', '/vbanks/:imp_uid/deposit', async ({ core, webhooks, params, body, baseUrl }) => {
    const impUid = params.imp_uid ?? '';
    const known = new Set(webhooks.list({ impUid }).map((w) => w.id));
    const payment = depositInto(core, impUid, body);
    const notifications = webhooks.list({ impUid }).filter((w) => !known.has(w.id));
    await webhooks.deliverNow(
      payment.merchant_code,
      notifications.map((w) => w.id),
    );
    return {
      payment: paymentWire(payment, baseUrl),
      notifications: notifications.map((w) => webhookWire(webhooks.get(w.id))),
    };
  });
  // POST /v2/payments/:paymentId/deposit {merchant_code?} — a V2 virtual account is paid in full;
  // answers the V2 payment and the webhooks it caused, once they were attempted
  on('POST', '/v2/payments/:paymentId/deposit', async ({ core, webhooks, params, body, baseUrl }) => {
    const merchantCode = typeof body.merchant_code === 'string' ? body.merchant_code : core.defaultMerchantCode();
    const paymentId = params.paymentId ?? '';
    const known = new Set(webhooks.list({ impUid: paymentId }).map((w) => w.id));
    let payment: ReturnType<typeof depositVirtualAccount>;
    try {
      payment = depositVirtualAccount(core, merchantCode, paymentId);
    } catch (error) {
      // The control API's own error shape, with the V2 answer's status and message.
      if (error instanceof V2Error) throw new ServiceError(error.status, -1, `${error.type}: ${error.message}`);
      throw error;
    }
    const notifications = webhooks.list({ impUid: paymentId }).filter((w) => !known.has(w.id));
    await webhooks.deliverNow(
      merchantCode,
      notifications.map((w) => w.id),
    );
    return {
      payment: v2PaymentWire(payment, core.merchant(merchantCode)?.v2, baseUrl),
      notifications: notifications.map((w) => webhookWire(webhooks.get(w.id))),
    };
  });
  // GET /certifications/otp/:imp_uid — the text the phone received (the code, until confirmed)
  on('GET', '/certifications/otp/:imp_uid', ({ core, params }) => otpMessage(core, params.imp_uid ?? ''));
}
