import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { WITHDRAWN_NAME } from '@/lib/accounts/client';
import type { AuditEntry } from '@/lib/audit';
import { auditLog, cards, getDb } from '@/lib/db';
import { notFound } from '@/lib/http';
import { IamportError, IamportNotFoundError, iamport, type Payment } from '@/lib/iamport';
import type { AuditView } from '@/lib/ops/client/audit';
import type { PaymentDetail, RecordStatus, ServicePaymentView } from '@/lib/ops/client/payments';
import { cashReceiptView, recordOrderRefund } from '@/lib/orders';
import { deliveryStateLabel } from '@/lib/orders/client';
import { readPaymentOn } from '@/lib/payments';
import { methodOfPayment, type PayMethod } from '@/lib/payments/client';
import type { Api } from '@/lib/provider';
import { runsNaming } from '@/lib/reconciliation';
import { findPaymentRecord, type PaymentRecord } from '@/lib/refunds';
import { settleChargeRefund } from '@/lib/subscriptions';
import { bankName } from '@/lib/values/client';
import { deliveriesNaming } from '../webhooks/deliveries';

export const toAuditView = (row: AuditEntry): AuditView => ({ ...row, at: row.at.toISOString() });

const kindOf = (record: PaymentRecord) =>
  record.type === 'subscription_charge'
    ? 'subscription'
    : ({ billing_key: 'one_click', window: 'window', cvs: 'barcode' } as const)[record.order.method];

function toServiceView(payment: Payment): ServicePaymentView {
  return {
    impUid: payment.imp_uid,
    status: payment.status,
    amount: payment.amount,
    cancelAmount: payment.cancel_amount,
    cancelHistory: payment.cancel_history.map((entry) => ({
      amount: entry.amount,
      at: entry.cancelled_at || null,
      reason: entry.reason ?? null,
      receiptUrl: entry.receipt_url ?? null,
    })),
    method: methodOfPayment(payment),
    card: [payment.card_name, payment.card_number].filter(Boolean).join(' ') || null,
    vbank: payment.vbank_num
      ? { bankName: payment.vbank_name ?? null, accountNumber: payment.vbank_num, due: payment.vbank_date || null }
      : null,
    receiptUrl: payment.receipt_url ?? null,
    paidAt: payment.paid_at || null,
    failReason: payment.fail_reason ?? null,
  };
}

/** What a subscription's billing key pays with: a card, or a wallet. */
async function keyMethodOf(customerUid: string): Promise<PayMethod> {
  const db = await getDb();
  const [key] = await db.select({ method: cards.method }).from(cards).where(eq(cards.customerUid, customerUid));
  return key?.method ?? 'card';
}

/**
 * The service's record of the payment, read live on its own API: by imp_uid (V2: the paymentId,
 * which is the merchant_uid), else V1's newest of the merchant_uid.
 */
async function readService(
  impUid: string | null,
  merchantUid: string,
  api: Api,
): Promise<Payment | null | { error: string }> {
  try {
    if (api === 'v2') return await readPaymentOn('v2', impUid ?? merchantUid);
    return impUid
      ? await iamport().payments.get({ imp_uid: impUid })
      : await iamport().payments.find({ merchant_uid: merchantUid });
  } catch (error) {
    if (error instanceof IamportNotFoundError) return null;
    if (error instanceof IamportError) return { error: '결제 서비스의 기록을 지금 읽지 못했습니다.' };
    throw error;
  }
}

/**
 * One payment for the console: our record and the service's side by side, the customer, the
 * webhook deliveries and reconciliation runs that named it, and the operators' actions on it.
 * A refund the service shows and we had not recorded (a lost answer, its own console) is recorded first.
 */
export async function paymentDetail(merchantUid: string): Promise<PaymentDetail> {
  let record = await findPaymentRecord(merchantUid);
  if (!record) throw notFound('결제를 찾을 수 없습니다.');
  const row = record.type === 'order' ? record.order : record.charge;
  const service = await readService(row.impUid, merchantUid, row.api);
  if (
    service &&
    !('error' in service) &&
    service.cancel_amount > row.refundedAmount &&
    row.impUid === service.imp_uid
  ) {
    if (record.type === 'order') await recordOrderRefund(record.order, service);
    else await settleChargeRefund(record.charge, service);
    record = (await findPaymentRecord(merchantUid)) ?? record;
  }
  const db = await getDb();
  const [webhooks, reconciliation, audit] = await Promise.all([
    deliveriesNaming(row.impUid, merchantUid),
    runsNaming(merchantUid),
    db.select().from(auditLog).where(eq(auditLog.targetId, merchantUid)).orderBy(desc(auditLog.at)).limit(100),
  ]);
  const current = record.type === 'order' ? record.order : record.charge;
  const status: RecordStatus =
    current.status === 'paid' && current.refundedAmount > 0 ? 'partially_refunded' : current.status;
  const live = service && !('error' in service) ? service : undefined;
  const order = record.type === 'order' ? record.order : null;
  return {
    record: {
      type: record.type,
      merchantUid,
      orderNumber: record.type === 'order' ? record.order.orderNumber : null,
      impUid: current.impUid,
      kind: kindOf(record),
      payMethod: record.type === 'order' ? record.order.payMethod : await keyMethodOf(record.charge.customerUid),
      status,
      name: record.type === 'order' ? record.order.productName : record.subscription.planName,
      amount: current.amount,
      refundedAmount: current.refundedAmount,
      customerEmail: record.customer.email,
      createdAt: current.createdAt.toISOString(),
      paidAt: record.type === 'order' ? record.order.paidAt : record.charge.settledAt,
      cardLabel: record.type === 'order' ? record.order.cardLabel : null,
      receiptUrl: record.type === 'order' ? record.order.receiptUrl : null,
      failReason: current.failReason,
      subscriptionId: record.type === 'order' ? null : record.subscription.id,
      periodStart: record.type === 'order' ? null : record.charge.periodStart,
      periodEnd: record.type === 'order' ? null : record.charge.periodEnd,
      cashReceipt: record.type === 'order' ? cashReceiptView(record.order) : null,
      delivery:
        record.type === 'order' && record.order.shipping
          ? {
              shipping: record.order.shipping,
              state: deliveryStateLabel(record.order),
              carrier: record.order.carrier,
              trackingNumber: record.order.trackingNumber,
            }
          : null,
      vbank:
        order?.payMethod === 'vbank'
          ? {
              bankName: order.vbankName,
              accountNumber: order.vbankNum,
              holder: order.vbankHolder,
              due: order.vbankDue,
            }
          : null,
      refundAccount:
        order?.refundBank && order.refundAccount && order.refundHolder
          ? {
              bank: order.refundBank,
              bankName: bankName(order.refundBank),
              account: order.refundAccount,
              holder: order.refundHolder,
            }
          : null,
    },
    customer: { email: record.customer.email, name: record.customer.name ?? WITHDRAWN_NAME },
    service: live ? toServiceView(live) : (service as null | { error: string }),
    refundable:
      live?.status === 'paid' && live.imp_uid === current.impUid && current.status === 'paid'
        ? live.amount - live.cancel_amount
        : 0,
    webhooks,
    reconciliation,
    audit: audit.map(toAuditView),
  };
}
