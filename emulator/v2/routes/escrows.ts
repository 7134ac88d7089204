// Escrow: register and change the shipment, confirm the purchase; and a store receipt for a paid payment.
import type { V2Api, V2Context } from '../api';
import { invalidRequest, V2Error } from '../errors';
import { type Json, optionalInteger, optionalObject, optionalTime, requiredString } from '../fields';
import { confirmEscrow, registerShipment, type Shipment } from '../service/escrows';
import { getPayment } from '../service/payments';
import { iso } from '../wire';

function shipmentOf(ctx: V2Context): Shipment {
  const logistics = optionalObject(ctx.body, 'logistics');
  if (!logistics) throw invalidRequest('logistics: 필수 항목입니다.');
  const sentAt = optionalTime(logistics, 'sentAt');
  if (sentAt === null) throw invalidRequest('logistics.sentAt: 필수 항목입니다.');
  return {
    company: requiredString(logistics, 'company', 40),
    invoice_number: requiredString(logistics, 'invoiceNumber', 100),
    sent_at: sentAt,
  };
}

export function escrowRoutes(api: V2Api): void {
  api.on('POST', '/payments/:paymentId/escrow/logistics', (ctx) => {
    const escrow = registerShipment(ctx.core, ctx.merchant.code, ctx.params.paymentId ?? '', shipmentOf(ctx), false);
    return { invoiceNumber: escrow.invoice_number, sentAt: iso(escrow.sent_at), appliedAt: iso(escrow.applied_at) };
  });
  api.on('PATCH', '/payments/:paymentId/escrow/logistics', (ctx) => {
    const escrow = registerShipment(ctx.core, ctx.merchant.code, ctx.params.paymentId ?? '', shipmentOf(ctx), true);
    return { invoiceNumber: escrow.invoice_number, sentAt: iso(escrow.sent_at), modifiedAt: iso(escrow.applied_at) };
  });
  api.on('POST', '/payments/:paymentId/escrow/complete', ({ core, merchant, params }) => ({
    completedAt: iso(confirmEscrow(core, merchant.code, params.paymentId ?? '').confirmed_at),
  }));
  api.on('POST', '/payments/:paymentId/register-store-receipt', ({ core, merchant, params, body }) => {
    const payment = getPayment(core, merchant.code, params.paymentId ?? '');
    if (payment.status !== 'PAID')
      throw new V2Error(409, 'PAYMENT_NOT_PAID', `결제가 완료되지 않은 건입니다: ${payment.payment_id}`);
    const items = body.items;
    if (!Array.isArray(items) || items.length === 0) throw invalidRequest('items: 하나 이상이어야 합니다.');
    // Each store's part of the payment; together they are the payment's amount.
    const total = items.reduce<number>((sum, item: unknown, i) => {
      if (typeof item !== 'object' || item === null) throw invalidRequest(`items[${i}]: 객체여야 합니다.`);
      requiredString(item as Json, 'storeBusinessRegistrationNumber', 20);
      requiredString(item as Json, 'storeName', 100);
      return sum + (optionalInteger(item as Json, 'totalAmount') ?? 0);
    }, 0);
    if (total !== payment.total)
      throw invalidRequest(`items의 합계 ${total}원이 결제 금액 ${payment.total}원과 다릅니다.`);
    return {};
  });
}
