// The sales slip behind a payment's receipt_url: a small public page, as the real service's
// receipt links open one. Only what a slip shows; never more than the masked card number.
import { WALLETS, walletOf } from '../core/service/wallets';
import type { PaymentRecord } from '../core/store/records';
import { cancellationRows, type SlipRow, slipPage, when, won } from './slip';

/** What paid: the masked card, the wallet, the bank of a transfer, or the method itself. */
function meansOf(payment: PaymentRecord): string {
  if (payment.card) return `${payment.card.card_name} ${payment.card.card_number}`;
  const wallet = walletOf(payment.pg_provider);
  if (wallet) return WALLETS[wallet];
  if (payment.bank) return `계좌이체 (${payment.bank.name})`;
  return payment.pay_method;
}

export function receiptPage(payment: PaymentRecord, cancellationId: string | null): string {
  const cancellation = payment.cancel_history.find((c) => c.cancellation_id === cancellationId);
  const rows: SlipRow[] = [
    ['거래번호', payment.imp_uid],
    ['주문번호', payment.merchant_uid],
    ['상품명', payment.name ?? '-'],
    [payment.card ? '카드' : '결제수단', meansOf(payment)],
    ['승인번호', payment.apply_num ?? '-'],
    ['결제금액', won(payment.amount)],
    ['결제일시', when(payment.paid_at)],
    ...(cancellation
      ? cancellationRows({
          amount: won(cancellation.amount),
          at: cancellation.cancelled_at,
          reason: cancellation.reason,
        })
      : []),
  ];
  const kind = payment.card ? '카드 ' : '';
  return slipPage(cancellation ? `${kind}취소 전표` : `${kind}매출 전표`, rows);
}
