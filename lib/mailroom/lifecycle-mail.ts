import type { MailPayload } from '@/lib/mail';
import { boxOnCancelWords, type Fulfilment, trackingUrl } from '@/lib/orders/client';
import { formatDateTime, formatWon } from '@/lib/values/client';

// The words of the mails of lifecycle-notices.ts and shipment-notices.ts; templates.ts adds the
// greeting, the footer, the seller and the link (`link`: a path of the shop).

export interface Words {
  title: string;
  lines: string[];
  link?: { label: string; path: string };
}

const str = (payload: MailPayload, key: string) => String(payload[key] ?? '');
const num = (payload: MailPayload, key: string) => Number(payload[key] ?? 0);
const subscriptionPage = (p: MailPayload) => `/account/subscriptions#subscription-${str(p, 'subscriptionId')}`;
const manage = (p: MailPayload) => ({ label: '구독 관리 (해지·배송지·카드 변경)', path: subscriptionPage(p) });

/** The running period's box, from the payload of the mail that mentions it. */
function boxLine(p: MailPayload): string | undefined {
  if (!p.boxNumber) return undefined;
  const box = { kind: str(p, 'boxKind') === 'trial' ? 'trial' : 'period', fulfilment: str(p, 'boxState') } as const;
  return `${boxOnCancelWords({ kind: box.kind, fulfilment: box.fulfilment as Fulfilment })} (상자 번호 ${str(p, 'boxNumber')})`;
}

export function trialStartedWords(p: MailPayload): Words {
  const endsAt = formatDateTime(num(p, 'trialEndsAt'));
  return {
    title: `무료 체험 시작: ${str(p, 'planName')}`,
    lines: [
      `${str(p, 'planName')} 무료 체험을 시작했습니다 (구독번호 ${str(p, 'subscriptionNumber')}). ${endsAt}까지 무료이며, 지금은 아무것도 결제되지 않았습니다.`,
      ...(p.boxNumber
        ? [
            `무료 체험 상자(0원, 상자 번호 ${str(p, 'boxNumber')})를 보내 드립니다. 발송되면 택배사와 운송장 번호를 메일로 알려 드립니다. 체험 상자는 해지해도 그대로 보내 드립니다.`,
          ]
        : []),
      `체험이 끝나기 전에 유료 전환(${str(p, 'periodLabel')}마다 ${formatWon(num(p, 'amount'))}) 여부를 따로 여쭙니다. 동의하신 경우에만 결제되며, 동의하지 않으시면 체험이 끝날 때 결제 없이 종료됩니다.`,
      '해지는 내 계정 > 정기구독에서 언제든 할 수 있습니다.',
    ],
    link: manage(p),
  };
}

export function subscriptionCancelledWords(p: MailPayload): Words {
  const plan = str(p, 'planName');
  const endsAt = formatDateTime(num(p, 'endsAt'));
  const box = boxLine(p);
  if (str(p, 'how') === 'now') {
    return {
      title: `구독 해지 완료: ${plan}`,
      lines: [
        `${plan} 구독(구독번호 ${str(p, 'subscriptionNumber')})을 ${endsAt}에 해지했습니다. 더 이상 결제되지 않습니다.`,
        num(p, 'goods')
          ? [box, '다음 회차 상자와 결제는 없습니다.'].filter(Boolean).join(' ')
          : '남은 기간의 환불이 있으면 결제한 카드로 돌려 드리며, 환불되면 따로 메일로 알려 드립니다.',
      ],
      link: { label: '다시 구독하기', path: '/account/subscriptions' },
    };
  }
  return {
    title: `구독 해지 예약: ${plan}`,
    lines: [
      `${plan} 구독(구독번호 ${str(p, 'subscriptionNumber')})의 해지를 예약했습니다.`,
      num(p, 'inTrial')
        ? `무료 체험은 ${endsAt}에 끝나며, 요금은 청구되지 않습니다.`
        : `${endsAt}까지 이용할 수 있고, 그 뒤로는 결제되지 않습니다.`,
      ...(box ? [box] : []),
      `마음이 바뀌면 ${endsAt} 전에 구독 관리에서 해지를 취소할 수 있습니다.`,
    ],
    link: manage(p),
  };
}

export function accountWithdrawnWords(p: MailPayload, shop: string): Words {
  const cancelled = num(p, 'cancelledSubscriptions');
  const refunded = num(p, 'refunded');
  const cards = num(p, 'deletedCards');
  return {
    title: '회원탈퇴 완료',
    lines: [
      `${shop} 회원탈퇴가 ${formatDateTime(num(p, 'withdrawnAt'))}에 완료되었습니다. 그동안 이용해 주셔서 감사합니다.`,
      ...(cancelled > 0
        ? [
            `정기구독 ${cancelled}개를 해지했습니다.${refunded > 0 ? ` 남은 기간 ${formatWon(refunded)}을 결제한 카드로 환불했습니다.` : ''}`,
          ]
        : []),
      ...(cards > 0 ? [`등록한 카드 ${cards}장을 결제 서비스에서 삭제했습니다.`] : []),
      ...(num(p, 'unsentBoxes') > 0
        ? [
            `발송 전인 정기배송 상자 ${num(p, 'unsentBoxes')}개는 결제된 회차(또는 무료 체험)의 상자라 그대로 보내 드립니다.`,
          ]
        : []),
      '이름, 생년월일, 로그인 이메일 등 회원 정보는 지웠습니다. 주문·결제·환불 기록은 전자상거래법에 따라 5년 동안 보관한 뒤 파기합니다.',
      '이 주소로는 더 이상 메일을 보내지 않습니다. 같은 이메일로 언제든 다시 가입할 수 있습니다.',
    ],
  };
}

export function shipmentUpdateWords(p: MailPayload): Words {
  const what = `${str(p, 'title')} (상자 번호 ${str(p, 'number')})`;
  const when = formatDateTime(num(p, 'at'));
  const link = { label: '정기구독 배송 보기', path: subscriptionPage(p) };
  if (str(p, 'step') === 'shipped') {
    const track = trackingUrl(str(p, 'carrier'), str(p, 'trackingNumber'));
    return {
      title: `정기배송 상자가 발송되었습니다: ${str(p, 'title')}`,
      lines: [
        `${what}를 ${when}에 발송했습니다.`,
        `택배사: ${str(p, 'carrier')}\n운송장 번호: ${str(p, 'trackingNumber')}${track ? `\n배송조회: ${track}` : ''}`,
      ],
      link,
    };
  }
  return {
    title: `정기배송 상자 배송 완료: ${str(p, 'title')}`,
    lines: [`${what} 배송이 ${when}에 완료되었습니다.`],
    link,
  };
}
