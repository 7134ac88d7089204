import type { MailPayload } from '@/lib/mail';
import { formatDateTime, formatWon } from '@/lib/values/client';

// The words of a 가상계좌 order's mails before its deposit (lib/mail/vbank-notices.ts); templates.ts
// adds the greeting, the footer and the link to the order page.

const str = (payload: MailPayload, key: string) => String(payload[key] ?? '');
const num = (payload: MailPayload, key: string) => Number(payload[key] ?? 0);

export function vbankIssuedWords(p: MailPayload): { title: string; lines: string[] } {
  return {
    title: `입금 안내: ${str(p, 'title')}`,
    lines: [
      `${str(p, 'title')} (주문번호 ${str(p, 'orderNumber')}) 주문의 가상계좌가 발급되었습니다. 아래 계좌로 입금하시면 결제가 완료됩니다.`,
      [
        `은행: ${str(p, 'bankName')}`,
        `계좌번호: ${str(p, 'accountNumber')}`,
        `예금주: ${str(p, 'holder')}`,
        `입금액: ${formatWon(num(p, 'amount'))}`,
        `입금기한: ${formatDateTime(num(p, 'due'))}까지`,
      ].join('\n'),
      '입금액이 주문 금액과 정확히 같아야 결제가 완료됩니다. 기한 안에 입금하지 않으면 주문은 자동으로 취소됩니다. 입금이 확인되면 영수증을 메일로 보내 드립니다.',
    ],
  };
}

export function vbankExpiredWords(p: MailPayload): { title: string; lines: string[] } {
  return {
    title: `입금기한 만료로 주문이 취소되었습니다: ${str(p, 'title')}`,
    lines: [
      `${str(p, 'title')} (주문번호 ${str(p, 'orderNumber')}) 주문의 입금기한(${formatDateTime(num(p, 'due'))})이 지나 주문을 취소했습니다.`,
      `결제된 금액은 없습니다. 발급되었던 계좌(${str(p, 'bankName')} ${str(p, 'accountNumber')})로는 더 이상 입금할 수 없습니다. 다시 구매하시려면 새로 주문해 주세요.`,
    ],
  };
}

export function refundOwedWords(p: MailPayload): { title: string; lines: string[] } {
  return {
    title: `환불 계좌를 알려 주세요: ${str(p, 'title')}`,
    lines: [
      `${str(p, 'title')} (주문번호 ${str(p, 'orderNumber')}) 주문으로 받은 ${formatWon(num(p, 'amount'))}을 돌려드려야 합니다. 사유: ${str(p, 'reason')}`,
      '가상계좌로 받은 돈은 계좌이체로만 돌려드릴 수 있습니다. 주문 상세에서 환불받을 본인 계좌(은행, 예금주, 계좌번호)를 알려 주시면 그 계좌로 환불해 드립니다.',
    ],
  };
}
