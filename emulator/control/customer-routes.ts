// Control API for what a customer does outside the merchant's pages: money into a virtual account
// (the bank), and the code a certification by REST texted to their phone.
import { otpMessage } from '../core/service/otp-certifications';
import { depositInto } from '../core/service/vbank-deposits';
import { paymentWire } from '../core/wire/answers';
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
  // GET /certifications/otp/:imp_uid — the text the phone received (the code, until confirmed)
  on('GET', '/certifications/otp/:imp_uid', ({ core, params }) => otpMessage(core, params.imp_uid ?? ''));
}
