// The sales slip behind a PortOne V2 payment's receiptUrl (V1's is receipt.ts): 거래번호 is the
// transaction, 주문번호 the payment id. Only what a slip shows; never more than the masked card number.
import { WALLETS, walletOf } from '../core/service/wallets';
import type { V2Method, V2PaymentRecord } from '../core/store/v2-records';
import { cancellationRows, type SlipRow, slipPage, when, won } from '../pages/slip';
import { V2_BANKS } from './banks';

/** What paid: the masked card, the wallet (and its card), or the virtual account's bank. */
function meansOf(method: V2Method | null): string {
  if (!method) return '-';
  if (method.type === 'card') return `${method.card.card_name} ${method.card.card_number}`;
  if (method.type === 'easy_pay') {
    const wallet = walletOf(method.provider.toLowerCase());
    const name = wallet ? WALLETS[wallet] : method.provider;
    return method.card ? `${name} (${method.card.card_name} ${method.card.card_number})` : name;
  }
  return `가상계좌 (${V2_BANKS[method.bank] ?? method.bank})`;
}

/** Won, or the amount and its currency for another (V2 takes several). */
const amountIn = (amount: number, currency: string) =>
  currency === 'KRW' ? won(amount) : `${amount.toLocaleString('ko-KR')} ${currency}`;

export function v2ReceiptPage(payment: V2PaymentRecord, cancellationId: string | null): string {
  const cancellation = payment.cancellations.find((c) => c.id === cancellationId);
  const card = payment.method?.type === 'card';
  const rows: SlipRow[] = [
    ['거래번호', payment.transaction_id],
    ['주문번호', payment.payment_id],
    ['상품명', payment.order_name || '-'],
    [card ? '카드' : '결제수단', meansOf(payment.method)],
    ['승인번호', payment.method?.type === 'card' ? payment.method.approval_number : '-'],
    ['결제금액', amountIn(payment.total, payment.currency)],
    ['결제일시', when(payment.paid_at)],
    ...(cancellation
      ? cancellationRows({
          amount: amountIn(cancellation.total, payment.currency),
          at: cancellation.cancelled_at,
          reason: cancellation.reason,
        })
      : []),
  ];
  const kind = card ? '카드 ' : '';
  return slipPage(cancellation ? `${kind}취소 전표` : `${kind}매출 전표`, rows);
}
