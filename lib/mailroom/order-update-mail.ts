import type { MailPayload } from '@/lib/mail';
import { trackingUrl } from '@/lib/orders/client';
import { formatDateTime, formatWon } from '@/lib/values/client';

// The words of an order_update mail (lib/mail/order-notices.ts), one paragraph list per step;
// templates.ts adds the greeting, the footer and the link to the order page.

const str = (payload: MailPayload, key: string) => String(payload[key] ?? '');
const num = (payload: MailPayload, key: string) => Number(payload[key] ?? 0);

export function orderUpdateWords(p: MailPayload): { title: string; lines: string[] } {
  const what = `${str(p, 'title')} (주문번호 ${str(p, 'orderNumber')})`;
  const when = formatDateTime(num(p, 'at'));
  switch (str(p, 'step')) {
    case 'shipped': {
      const track = trackingUrl(str(p, 'carrier'), str(p, 'trackingNumber'));
      return {
        title: `상품이 발송되었습니다: ${str(p, 'title')}`,
        lines: [
          `${what} 상품을 ${when}에 발송했습니다.`,
          `택배사: ${str(p, 'carrier')}\n운송장 번호: ${str(p, 'trackingNumber')}${track ? `\n배송조회: ${track}` : ''}`,
        ],
      };
    }
    case 'delivered':
      return {
        title: `배송이 완료되었습니다: ${str(p, 'title')}`,
        lines: [
          `${what} 배송이 ${when}에 완료되었습니다.`,
          '받은 날부터 7일 안에 주문 상세 화면에서 반품(청약철회)을 요청할 수 있습니다.',
        ],
      };
    case 'cancelled':
      return {
        title: `주문이 취소되었습니다: ${str(p, 'title')}`,
        lines: [
          `${what} 주문을 ${when}에 취소했습니다.`,
          // refund 0: a 가상계좌 closed before its deposit, nothing was paid.
          p.refund === 0
            ? '입금 전에 취소되어 결제된 금액은 없습니다. 발급되었던 가상계좌로는 더 이상 입금할 수 없습니다.'
            : '결제 금액은 전액 환불되며, 환불이 이루어지면 따로 알려 드립니다.',
        ],
      };
    case 'return_requested':
      return {
        title: `반품 요청을 받았습니다: ${str(p, 'title')}`,
        lines: [
          `${what} 반품 요청을 ${when}에 받았습니다.`,
          `사유: ${str(p, 'reason')}`,
          '검토 후 결과를 알려 드립니다.',
        ],
      };
    case 'return_approved':
      return {
        title: `반품이 승인되었습니다: ${str(p, 'title')}`,
        lines: [
          `${what} 반품을 승인했습니다.`,
          num(p, 'fee') > 0
            ? `반품 배송비 ${formatWon(num(p, 'fee'))}을 뺀 ${formatWon(num(p, 'refund'))}을 환불합니다.`
            : `${formatWon(num(p, 'refund'))}을 전액 환불합니다.`,
        ],
      };
    default:
      return {
        title: `반품 요청이 거절되었습니다: ${str(p, 'title')}`,
        lines: [`${what} 반품 요청을 받아들이지 못했습니다.`, `사유: ${str(p, 'reason')}`],
      };
  }
}
