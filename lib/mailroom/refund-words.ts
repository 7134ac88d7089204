import 'server-only';
import type { MailPayload } from '@/lib/mail';
import { PAY_METHOD_NAMES, WALLETS } from '@/lib/payments/client';

// Where a refund's money goes back, said in the terms of how it was paid: a card's charge is
// cancelled at the card company, but a transfer, a wallet or a phone bill is not a card.

const CARD = '카드사에 따라 승인 취소가 반영되기까지 3~7 영업일이 걸릴 수 있습니다.';
const WHERE: Record<string, string> = {
  vbank: '등록하신 환불 계좌로 입금됩니다. 은행에 따라 반영까지 1~3 영업일이 걸릴 수 있습니다.',
  trans: '결제하신 계좌로 돌려드립니다. 은행에 따라 반영까지 1~3 영업일이 걸릴 수 있습니다.',
  phone: '휴대폰 결제가 취소되어 통신 요금에 청구되지 않습니다. 이미 요금이 청구된 경우 통신사를 통해 돌려받습니다.',
};
const walletWords = (name: string) => `${name} 결제가 취소되어 ${name}에 연결된 결제수단으로 돌려드립니다.`;

/** The refund mail's line on where the money goes (mails queued before `method` existed: card or account). */
export function refundWhere(p: MailPayload): string {
  const method = typeof p.method === 'string' ? p.method : p.toAccount ? 'vbank' : 'card';
  const wallet = WALLETS.find((w) => w === method);
  if (wallet) return walletWords(PAY_METHOD_NAMES[wallet]);
  return WHERE[method] ?? CARD;
}

/** A means labelled by a wallet's name (카카오페이) is no card: receipts say 결제 수단 for it. */
export const isWalletName = (label: string) => WALLETS.some((wallet) => PAY_METHOD_NAMES[wallet] === label);
