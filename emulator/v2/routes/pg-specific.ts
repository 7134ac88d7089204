// What depends on a PG: Kakao Pay's order of a payment (GET /kakaopay/payment/order), the card
// promotions a channel offers (GET /payment-gateways/card-promotion: the emulator's channels have
// none).
import type { V2Api } from '../api';
import { invalidRequest } from '../errors';
import { requiredString } from '../fields';
import { channelFor } from '../service/channels';
import { iso, vatOf } from '../wire';

export function pgSpecificRoutes(api: V2Api): void {
  api.on('GET', '/kakaopay/payment/order', ({ core, merchant, body }) => {
    const pgTxId = requiredString(body, 'pgTxId', 100);
    const channel = channelFor(merchant.v2, requiredString(body, 'channelKey', 200), 'EASY_PAY');
    const payment = core.store.v2PaymentsByMerchant
      .get(merchant.code)
      .find((p) => p.pg_tx_id === pgTxId && p.channel_key === channel.channel_key);
    // Kakao Pay's own answer, passed through as the service does: its status and body.
    if (!payment)
      return { statusCode: 400, body: JSON.stringify({ error_code: -780, error_message: 'tid not found' }) };
    const order = {
      tid: pgTxId,
      cid: channel.channel_key,
      status:
        payment.cancelled === 0
          ? 'SUCCESS_PAYMENT'
          : payment.cancelled < payment.total
            ? 'PART_CANCEL_PAYMENT'
            : 'CANCEL_PAYMENT',
      partner_order_id: payment.payment_id,
      partner_user_id: payment.customer.id ?? '',
      payment_method_type: 'MONEY',
      item_name: payment.order_name,
      amount: { total: payment.total, tax_free: payment.tax_free, vat: vatOf(payment.total, payment.tax_free) },
      canceled_amount: { total: payment.cancelled },
      created_at: iso(payment.requested_at),
      approved_at: payment.paid_at ? iso(payment.paid_at) : null,
    };
    return { statusCode: 200, body: JSON.stringify(order) };
  });
  api.on('GET', '/payment-gateways/card-promotion', ({ merchant, body }) => {
    channelFor(merchant.v2, requiredString(body, 'channelKey', 200), 'CARD');
    if (!/^\d{1,15}$/.test(String(body.amount ?? ''))) throw invalidRequest('amount: 0 이상의 정수여야 합니다.');
    return { promotions: [] };
  });
}
