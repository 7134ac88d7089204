'use client';
import { useRouter } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { useRequest } from '@/components/ui/use-request';
import type { CardSummary } from '@/lib/cards/client';
import { formatDate } from '@/lib/values/client';

interface Props {
  cards: CardSummary[];
  onChooseDefault(cardId: string): Promise<unknown>;
  onRemove(cardId: string): Promise<unknown>;
}

const viaLabel = { window: '결제창', key_in: '직접 입력' } as const;

const cardTitle = (card: CardSummary) => card.cardName ?? '카드';

/** The customer's cards: the default is marked; any other can become it; each can be removed after a confirmation. */
export function CardList({ cards, onChooseDefault, onRemove }: Props) {
  if (cards.length === 0) return <p>등록된 카드가 없습니다. 아래에서 카드를 등록해 주세요.</p>;
  return (
    <ul className="card-list" aria-label="등록된 카드 목록">
      {cards.map((card) => (
        <CardItem key={card.id} card={card} onChooseDefault={onChooseDefault} onRemove={onRemove} />
      ))}
    </ul>
  );
}

function CardItem({
  card,
  onChooseDefault,
  onRemove,
}: { card: CardSummary } & Pick<Props, 'onChooseDefault' | 'onRemove'>) {
  const { pending, error, run } = useRequest();
  const router = useRouter();
  const plan = card.subscriptionPlan;
  const title = `${cardTitle(card)} ${card.numberMasked ?? ''}`.trim();
  // A subscription's card is not removed: its dialog says where to change the subscription's card.
  const removal = plan
    ? {
        title: '정기구독 결제 카드는 삭제할 수 없습니다',
        description: (
          <p className="m-0">
            {title} 카드로 &lsquo;{plan}&rsquo; 정기구독이 결제됩니다. 이 카드를 지우면 다음 정기결제를 할 수 없어
            구독이 끊기므로, 먼저 정기구독에서 결제 카드를 다른 카드로 바꾸거나 구독을 해지해 주세요.
          </p>
        ),
        confirmLabel: '정기구독 관리로 이동',
        cancelLabel: '닫기',
        onConfirm: () => router.push('/account/subscriptions'),
      }
    : {
        title: '이 카드를 삭제할까요?',
        description: (
          <p className="m-0">
            {title} 카드를 삭제하면 결제 서비스에 등록된 카드 정보(빌링키)도 지워집니다. 다시 쓰려면 새로 등록해야
            합니다.
          </p>
        ),
        confirmLabel: '삭제하기',
        pendingLabel: '삭제 중…',
        pending,
        // On success the card leaves the list; on a refusal the dialog closes to show why.
        onConfirm: async (close: () => void) => {
          if (!(await run(() => onRemove(card.id)))) close();
        },
      };
  return (
    <li className="card-item" aria-label={title}>
      <div className="card-item-head">
        <strong>{cardTitle(card)}</strong> <span className="card-number">{card.numberMasked}</span>
        {card.isDefault && <Badge>기본 카드</Badge>}
        {plan && <Badge variant="subscription">정기구독 결제 카드</Badge>}
      </div>
      <p className="field-hint">
        {card.registeredAt && `${formatDate(card.registeredAt)} 등록`}
        {card.registeredVia && ` · ${viaLabel[card.registeredVia]}`}
      </p>
      {plan && (
        <p className="field-hint">
          &lsquo;{plan}&rsquo; 정기구독이 이 카드로 결제됩니다. 삭제하려면 먼저 구독의 결제 카드를 바꾸거나 구독을
          해지해 주세요.
        </p>
      )}
      {card.duplicateOf && (
        <p className="field-hint">이미 등록된 카드와 카드사·번호가 같습니다. 필요 없으면 이 카드를 삭제해 주세요.</p>
      )}
      {error && <Alert>{error}</Alert>}
      <div className="card-actions">
        {!card.isDefault && (
          <Button variant="secondary" disabled={pending} onClick={() => run(() => onChooseDefault(card.id))}>
            기본 카드로 지정
          </Button>
        )}
        <ConfirmButton label="삭제" variant="secondary" {...removal} />
      </div>
    </li>
  );
}
