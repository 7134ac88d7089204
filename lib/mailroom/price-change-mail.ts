import 'server-only';
import type { MailPayload } from '@/lib/mail';
import { formatDate, formatDateTime, formatWon } from '@/lib/values/client';

type Part = string | { label: string; href: string };

const str = (payload: MailPayload, key: string) => String(payload[key] ?? '');
const num = (payload: MailPayload, key: string) => Number(payload[key] ?? 0);

export function priceChangeMail(p: MailPayload, link: (path: string) => string): { title: string; parts: Part[] } {
  const plan = str(p, 'planName');
  const from = formatWon(num(p, 'oldAmount'));
  const to = formatWon(num(p, 'newAmount'));
  const changesAt = formatDateTime(num(p, 'changesAt'));
  const page = {
    label: '가격 변경 확인하기',
    href: link(`/account/subscriptions/price-change/${str(p, 'requestId')}`),
  };
  switch (str(p, 'phase')) {
    case 'lowered':
      return {
        title: `가격 인하 안내: ${plan}`,
        parts: [
          `${plan} 가격이 ${from}에서 ${to}으로 내려갑니다. ${changesAt} 정기결제부터 바뀐 가격으로 결제됩니다.`,
          '따로 하실 일은 없습니다.',
          { label: '구독 보기', href: link('/account/subscriptions') },
        ],
      };
    case 'ask':
      return {
        title: `가격 변경 동의 요청: ${plan}`,
        parts: [
          `${plan} 가격이 ${from}에서 ${to}으로 바뀝니다. 바뀐 가격의 첫 정기결제는 ${changesAt}입니다.`,
          `계속 이용하시려면 ${changesAt} 전에 바뀐 가격에 동의해 주세요. 동의하지 않으시면 지금 이용 기간이 끝날 때 구독이 종료되며, 바뀐 가격으로 결제되지 않습니다.`,
          '링크를 여는 것만으로는 동의되지 않습니다.',
          page,
        ],
      };
    default:
      return {
        title: `가격 변경 안내: ${plan}`,
        parts: [
          `${plan} 가격이 ${formatDate(num(p, 'effectiveFrom'))}부터 ${from}에서 ${to}으로 바뀝니다. 바뀐 가격의 첫 정기결제는 ${changesAt}입니다.`,
          `바뀐 가격에 대한 동의는 그 30일 전인 ${formatDateTime(num(p, 'asksFrom'))}부터 따로 여쭙니다. 동의하지 않으시면 바뀐 가격으로 결제되지 않고, 그 전 이용 기간이 끝날 때 구독이 종료됩니다.`,
          page,
        ],
      };
  }
}
