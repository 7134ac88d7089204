'use client';
import { useRouter } from 'next/navigation';
import { PayMethodMark } from '@/components/payments/pay-method-mark';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { useRequest } from '@/components/ui/use-request';
import { type CardSummary, meansName } from '@/lib/cards/client';
import { isWallet, PAY_METHOD_NAMES } from '@/lib/payments/client';
import { formatDate } from '@/lib/values/client';

interface Props {
  cards: CardSummary[];
  onChooseDefault(cardId: string): Promise<unknown>;
  onRemove(cardId: string): Promise<unknown>;
}

const viaLabel = { window: '결제창', key_in: '직접 입력' } as const;

/** A card in a card's words, a wallet (간편결제) in a payment means' words: it has no number, no issuer. */
const wordsFor = (card: CardSummary) =>
  isWallet(card.method)
    ? {
        title: PAY_METHOD_NAMES[card.method],
        object: `${PAY_METHOD_NAMES[card.method]}를`,
        means: '결제수단',
        by: '결제수단으로',
        charged: '정기구독 결제수단',
        chargedTopic: '정기구독 결제수단은',
        chargedObject: '결제수단을',
      }
    : {
        title: card.cardName ?? '카드',
        object: '이 카드를',
        means: '카드',
        by: '카드로',
        charged: '정기구독 결제 카드',
        chargedTopic: '정기구독 결제 카드는',
        chargedObject: '결제 카드를',
      };

/**
 * The customer's cards and wallets: a card by issuer and masked number, a wallet by its mark and
 * name; the default is marked; any other can become it; each can be removed after a confirmation.
 */
export function CardList({ cards, onChooseDefault, onRemove }: Props) {
  if (cards.length === 0)
    return <p>등록된 카드가 없습니다. 카드나 간편결제(카카오페이·네이버페이·토스페이)를 등록해 주세요.</p>;
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
  const title = meansName(card);
  const words = wordsFor(card);
  const wallet = isWallet(card.method);
  // A subscription's card is not removed: its dialog says where to change the subscription's card.
  const removal = plan
    ? {
        title: `${words.chargedTopic} 삭제할 수 없습니다`,
        description: wallet ? (
          <p className="m-0">
            {title}로 &lsquo;{plan}&rsquo; 정기구독이 결제됩니다. {words.object} 지우면 다음 정기결제를 할 수 없어
            구독이 끊기므로, 먼저 정기구독에서 결제수단을 바꾸거나 구독을 해지해 주세요.
          </p>
        ) : (
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
        title: `${words.object} 삭제할까요?`,
        description: wallet ? (
          <p className="m-0">
            {title}를 삭제하면 결제 서비스에 등록된 결제 정보(빌링키)도 지워집니다. 다시 쓰려면 새로 등록해야 합니다.
          </p>
        ) : (
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
        {wallet ? (
          <span className="me-1 inline-flex items-center gap-2 align-middle">
            <PayMethodMark method={card.method} size={24} />
            <strong>{words.title}</strong>
            <span className="text-sm text-muted">간편결제</span>
          </span>
        ) : (
          <>
            <strong>{words.title}</strong> <span className="card-number">{card.numberMasked}</span>
          </>
        )}
        {card.isDefault && <Badge>기본 {words.means}</Badge>}
        {plan && <Badge variant="subscription">{words.charged}</Badge>}
      </div>
      <p className="field-hint">
        {card.registeredAt && `${formatDate(card.registeredAt)} 등록`}
        {card.registeredVia && ` · ${viaLabel[card.registeredVia]}`}
      </p>
      {plan && (
        <p className="field-hint">
          &lsquo;{plan}&rsquo; 정기구독이 이 {words.by} 결제됩니다. 삭제하려면 먼저 구독의 {words.chargedObject}{' '}
          바꾸거나 구독을 해지해 주세요.
        </p>
      )}
      {card.duplicateOf && (
        <p className="field-hint">이미 등록된 카드와 카드사·번호가 같습니다. 필요 없으면 이 카드를 삭제해 주세요.</p>
      )}
      {error && <Alert>{error}</Alert>}
      <div className="card-actions">
        {!card.isDefault && (
          <Button variant="secondary" disabled={pending} onClick={() => run(() => onChooseDefault(card.id))}>
            기본 {words.by} 지정
          </Button>
        )}
        <ConfirmButton label="삭제" variant="secondary" {...removal} />
      </div>
    </li>
  );
}
