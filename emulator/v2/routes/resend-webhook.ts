// POST /payments/{paymentId}/resend-webhook: the payment's current state announced again, as a
// new delivery; answers it (PaymentWebhook) once its first attempt is logged as started.
import type { V2PaymentRecord } from '../../core/store/v2-records';
import type { V2Context } from '../api';
import { V2Error } from '../errors';
import { optionalString } from '../fields';
import { announce, getPayment } from '../service/payments';
import { iso } from '../wire';

const EVENT: Record<V2PaymentRecord['status'], string> = {
  READY: 'Transaction.Ready',
  PAID: 'Transaction.Paid',
  FAILED: 'Transaction.Failed',
  CANCELLED: 'Transaction.Cancelled',
  PARTIAL_CANCELLED: 'Transaction.PartialCancelled',
  VIRTUAL_ACCOUNT_ISSUED: 'Transaction.VirtualAccountIssued',
};

export function resendWebhook({ core, merchant, params, body }: V2Context) {
  const payment = getPayment(core, merchant.code, params.paymentId ?? '');
  const logged = () =>
    core.store.webhooksByPayment
      .get(payment.payment_id)
      .filter((w) => w.merchant_code === merchant.code && w.v2_message_id !== undefined)
      .sort((a, b) => a.seq - b.seq);
  const webhookId = optionalString(body, 'webhookId', 100);
  if (webhookId && !logged().some((w) => w.id === webhookId))
    throw new V2Error(404, 'WEBHOOK_NOT_FOUND', `웹훅이 존재하지 않습니다: ${webhookId}`);
  const lastCancel = payment.cancellations.at(-1);
  announce(core, payment, EVENT[payment.status], lastCancel ? { cancellationId: lastCancel.id } : {});
  const sent = logged().at(-1);
  if (!sent) throw new V2Error(404, 'WEBHOOK_NOT_FOUND', '웹훅을 보낼 수 없습니다 (웹훅 URL 없음).');
  return {
    webhook: {
      paymentStatus: payment.status,
      id: sent.id,
      url: sent.url,
      isAsync: true,
      currentExecutionCount: sent.attempts.length,
      maxExecutionCount: 6,
      trigger: 'MANUAL',
      triggeredAt: iso(sent.created_at),
    },
  };
}
