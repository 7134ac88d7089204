import 'server-only';
import { env } from '@/lib/env';
import { sellerInfo } from '@/lib/legal';
import { sellerLines } from '@/lib/legal/client';
import type { MailKind, MailPayload } from '@/lib/mail';
import { failureWords } from '@/lib/payments/client';
import { type EndReason, endReasonLabel } from '@/lib/subscriptions/client';
import { formatDate, formatDateTime, formatWon } from '@/lib/values/client';
import {
  accountWithdrawnWords,
  shipmentUpdateWords,
  subscriptionCancelledWords,
  trialStartedWords,
  type Words,
} from './lifecycle-mail';
import { orderUpdateWords } from './order-update-mail';
import { priceChangeMail } from './price-change-mail';
import { isWalletName, refundWhere } from './refund-words';
import { refundOwedWords, vbankExpiredWords, vbankIssuedWords } from './vbank-mail';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph of a mail: plain text, or a link shown as its label in HTML and as label + URL in text. */
type Part = string | { label: string; href: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const str = (payload: MailPayload, key: string) => String(payload[key] ?? '');
const num = (payload: MailPayload, key: string) => Number(payload[key] ?? 0);
const link = (path: string) => new URL(path, env.APP_URL).toString();
const manage = (subscriptionId: string) => ({
  label: '구독 관리 (해지·카드 변경)',
  href: link(`/account/subscriptions#subscription-${subscriptionId}`),
});

const endReasonOf = (reason: string): EndReason => (reason in endReasonLabel ? (reason as EndReason) : 'customer');

/** Builds the mail of `kind` for `name` (the customer's name; empty: no name): Korean, plain text and simple HTML. */
export function renderMail(kind: MailKind, payload: MailPayload, name: string): RenderedMail {
  const { title, parts } = compose(kind, payload);
  const greeting = `${name ? `${name}님, ` : ''}안녕하세요. ${env.SHOP_NAME}입니다.`;
  const footer = `이 메일은 ${env.SHOP_NAME}에서 발송 전용으로 보냈습니다.`;
  // Every mail says who sends it (사업자 정보), as the shop's pages do.
  const seller = ['판매자 정보', ...sellerLines(sellerInfo()).map(([label, value]) => `${label}: ${value}`)].join('\n');
  const all: Part[] = [greeting, ...parts, footer, seller];
  const text = all.map((part) => (typeof part === 'string' ? part : `${part.label}: ${part.href}`)).join('\n\n');
  const html = `<!doctype html><html lang="ko"><body style="font-family:sans-serif;line-height:1.6">${all
    .map((part) =>
      typeof part === 'string'
        ? `<p>${escapeHtml(part).replaceAll('\n', '<br>')}</p>`
        : `<p><a href="${escapeHtml(part.href)}">${escapeHtml(part.label)}</a></p>`,
    )
    .join('')}</body></html>`;
  return { subject: `[${env.SHOP_NAME}] ${title}`, text, html };
}

function compose(kind: MailKind, p: MailPayload): { title: string; parts: Part[] } {
  switch (kind) {
    case 'receipt':
      return { title: `결제 영수증: ${str(p, 'title')}`, parts: receiptParts(p) };
    case 'renewal_reminder':
      return {
        title: `정기결제 예정 안내: ${str(p, 'planName')}`,
        parts: [
          `${formatDate(num(p, 'renewAt'))}에 ${str(p, 'planName')} 구독이 갱신되어 ${formatWon(num(p, 'amount'))}이 결제될 예정입니다.`,
          '원하지 않으시면 결제일 전에 구독을 해지해 주세요. 해지해도 이미 결제한 기간이 끝날 때까지 이용할 수 있습니다.',
          manage(str(p, 'subscriptionId')),
        ],
      };
    case 'renewal_failed':
      return {
        title: `정기결제 실패: ${str(p, 'planName')}`,
        parts: [
          `${str(p, 'planName')} 구독의 정기결제(${formatWon(num(p, 'amount'))})가 실패했습니다.`,
          `사유: ${failureWords(str(p, 'reason')) ?? '결제가 승인되지 않았습니다.'}`,
          `${formatDateTime(num(p, 'nextRetryAt'))}에 다시 결제를 시도합니다. 그때까지 서비스는 계속 이용할 수 있습니다. 다른 카드로 바꾸시면 재시도가 새 카드로 진행됩니다.`,
          {
            label: '결제 카드 변경하기',
            href: link(`/account/subscriptions#subscription-${str(p, 'subscriptionId')}`),
          },
        ],
      };
    case 'subscription_ended':
      return {
        title: `구독 종료: ${str(p, 'planName')}`,
        parts: [
          `${str(p, 'planName')} 구독이 ${formatDate(num(p, 'endedAt'))}에 종료되었습니다.`,
          `사유: ${endReasonLabel[endReasonOf(str(p, 'reason'))]} 더 이상 결제되지 않습니다.`,
          ...(str(p, 'reason') === 'trial_not_converted'
            ? ['다시 구독하실 수 있습니다. 무료 체험은 1인 1회라, 다시 구독하시면 동의하신 때 첫 결제가 진행됩니다.']
            : []),
          { label: '다시 구독하기', href: link('/account/subscriptions') },
        ],
      };
    case 'refund':
      return {
        title: `환불 안내: ${str(p, 'title')}`,
        parts: [
          `${str(p, 'title')} 결제 ${formatWon(num(p, 'amount'))}을 환불했습니다.`,
          p.reason ? `사유: ${str(p, 'reason')}` : '',
          refundWhere(p),
        ].filter(Boolean),
      };
    case 'card_expiring':
      return {
        title: '등록 카드 유효기간 만료 예정',
        parts: [
          `정기결제에 등록된 카드(${str(p, 'card')})의 유효기간이 ${str(p, 'expiry')}에 끝납니다.`,
          '결제가 끊기지 않도록 새 카드를 등록하고 구독의 결제 카드를 바꿔 주세요.',
          { label: '카드 관리', href: link('/account/cards') },
        ],
      };
    case 'trial_ending':
      return {
        title: `무료 체험 종료 예정: ${str(p, 'planName')}`,
        parts: [
          `${str(p, 'planName')} 무료 체험이 ${formatDateTime(num(p, 'trialEndsAt'))}에 끝납니다.`,
          `유료 전환에 동의하신 경우에만 그때 등록하신 카드로 ${formatWon(num(p, 'amount'))}이 결제되고 유료 구독이 시작됩니다. 동의하지 않으시면 체험이 끝날 때 결제 없이 구독이 종료됩니다.`,
          '아래 링크에서 결제 일시·금액·카드·해지 방법을 확인하고 ‘유료 전환에 동의’ 또는 ‘체험만 하고 종료’를 골라 주세요. 링크를 여는 것만으로는 동의되지 않습니다. 동의한 뒤에도 체험이 끝나기 전에 해지하면 요금이 청구되지 않습니다.',
          {
            label: '유료 전환 여부 선택하기',
            href: link(`/account/subscriptions/trial/${str(p, 'subscriptionId')}`),
          },
        ],
      };
    case 'price_change':
      return priceChangeMail(p, link);
    case 'email_change':
      return {
        title: '이메일 변경 확인',
        parts: [
          `${env.SHOP_NAME} 계정의 로그인 이메일을 이 주소로 바꾸려는 요청이 있었습니다.`,
          `아래 링크를 ${num(p, 'validHours')}시간 안에 열어 확인하면 바뀝니다. 링크는 한 번만 쓸 수 있습니다.`,
          { label: '이메일 변경 확인하기', href: str(p, 'link') },
          '요청하지 않으셨다면 이 메일을 무시하세요. 확인하지 않으면 아무것도 바뀌지 않습니다.',
        ],
      };
    case 'email_change_taken':
      return {
        title: '이미 가입된 이메일입니다',
        parts: [
          `${env.SHOP_NAME}의 다른 계정이 로그인 이메일을 이 주소로 바꾸려고 했지만, 이 주소는 이미 가입된 계정이 쓰고 있어 바꾸지 않았습니다.`,
          '직접 요청하셨다면 이 주소의 계정으로 로그인해 주세요. 비밀번호가 기억나지 않으면 로그인 화면에서 비밀번호를 찾을 수 있습니다.',
          { label: '로그인하기', href: link('/signin') },
          '요청하지 않으셨다면 이 메일을 무시하세요. 이 주소의 계정에는 아무것도 바뀌지 않았습니다.',
        ],
      };
    case 'email_changed':
      return {
        title: '로그인 이메일이 변경되었습니다',
        parts: [
          `${env.SHOP_NAME} 계정의 로그인 이메일이 ${str(p, 'newEmail')}(으)로 바뀌었습니다. 이 주소로는 더 이상 로그인할 수 없습니다.`,
          '직접 바꾸지 않으셨다면 고객센터로 바로 알려 주세요.',
        ],
      };
    case 'order_update': {
      const { title, lines } = orderUpdateWords(p);
      return {
        title,
        parts: [...lines, { label: '주문 상세 보기', href: link(`/account/orders/${str(p, 'orderNumber')}`) }],
      };
    }
    case 'vbank_issued':
    case 'vbank_expired':
    case 'refund_owed': {
      const words = { vbank_issued: vbankIssuedWords, vbank_expired: vbankExpiredWords, refund_owed: refundOwedWords };
      const { title, lines } = words[kind](p);
      return {
        title,
        parts: [...lines, { label: '주문 상세 보기', href: link(`/account/orders/${str(p, 'orderNumber')}`) }],
      };
    }
    case 'trial_started':
      return withLink(trialStartedWords(p));
    case 'subscription_cancelled':
      return withLink(subscriptionCancelledWords(p));
    case 'account_withdrawn':
      return withLink(accountWithdrawnWords(p, env.SHOP_NAME));
    case 'shipment_update':
      return withLink(shipmentUpdateWords(p));
    case 'password_reset':
      return {
        title: '비밀번호 재설정 안내',
        parts: [
          `아래 링크에서 새 비밀번호를 정해 주세요. 링크는 ${num(p, 'validMinutes')}분 동안 한 번만 쓸 수 있습니다.`,
          { label: '비밀번호 재설정하기', href: str(p, 'link') },
          '비밀번호 재설정을 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.',
        ],
      };
  }
}

const withLink = ({ title, lines, link: to }: Words): { title: string; parts: Part[] } => ({
  title,
  parts: [...lines, ...(to ? [{ label: to.label, href: link(to.path) }] : [])],
});

/**
 * A receipt that stands alone: the order's number, item, quantity, amounts, card and delivery
 * address; the main link opens the customer's order (or subscription), the card slip comes second.
 * Mails queued before these fields existed still read well (each line only when known).
 */
function receiptParts(p: MailPayload): Part[] {
  const subscriptionId = str(p, 'subscriptionId');
  // A subscription's receipt names its subscription number; its charge's merchant_uid is no number to quote.
  const orderNumber = subscriptionId ? '' : str(p, 'orderNumber');
  const quantity = num(p, 'quantity') || 1;
  const details = [
    orderNumber && `주문번호: ${orderNumber}`,
    p.subscriptionNumber && `구독번호: ${str(p, 'subscriptionNumber')}`,
    p.productName != null && `상품: ${str(p, 'productName')} × ${quantity}개 (${formatWon(num(p, 'itemsAmount'))})`,
    p.shippingFee != null && !subscriptionId && `배송비: ${formatWon(num(p, 'shippingFee'))}`,
    `결제 금액: ${formatWon(num(p, 'amount'))}`,
    `결제 일시: ${formatDateTime(num(p, 'paidAt'))}`,
    p.card && `${isWalletName(str(p, 'card')) ? '결제 수단' : '결제 카드'}: ${str(p, 'card')}`,
    !p.card && p.payMethod && `결제 수단: ${str(p, 'payMethod')}`,
    p.periodStart &&
      p.periodEnd &&
      `이용 기간: ${formatDateTime(num(p, 'periodStart'))} ~ ${formatDateTime(num(p, 'periodEnd'))}`,
    p.shipTo && `배송지: ${str(p, 'shipTo')}`,
    p.boxNumber && `이번 회차 상자: ${str(p, 'boxNumber')} (발송되면 택배사와 운송장 번호를 메일로 알려 드립니다)`,
    subscriptionId && p.subscriptionNumber && nextChargeLine(p),
  ].filter(Boolean);
  const main = subscriptionId
    ? { label: '구독 내역 보기', href: link(`/account/subscriptions#subscription-${subscriptionId}`) }
    : {
        label: '주문 상세 보기',
        href: link(orderNumber ? `/account/orders/${encodeURIComponent(orderNumber)}` : '/account/orders'),
      };
  return [
    `${str(p, 'title')} 결제가 완료되었습니다.`,
    details.join('\n'),
    main,
    ...(p.receiptUrl ? [{ label: '카드 영수증 보기', href: str(p, 'receiptUrl') }] : []),
  ];
}

/** The next charge a subscription receipt promises, or that there is none (it ends with this period). */
const nextChargeLine = (p: MailPayload) =>
  p.nextChargeAt
    ? `다음 결제 예정일: ${formatDateTime(num(p, 'nextChargeAt'))} (${formatWon(num(p, 'nextAmount'))})`
    : '다음 결제: 없음 (이번 기간으로 구독이 끝납니다)';
