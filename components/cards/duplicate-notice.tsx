'use client';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useRequest } from '@/components/ui/use-request';
import type { CardSummary } from '@/lib/cards/client';

interface Props {
  /** The card just registered, and the older card it repeats. */
  card: CardSummary;
  original: CardSummary;
  onRemove(cardId: string): Promise<unknown>;
  onDismiss(): void;
}

/**
 * Shown right after a registration that repeats a card already on file (same issuer and masked
 * number — known only once the service has issued the key). Keeping both is allowed; removing the
 * new one is one click.
 */
export function DuplicateNotice({ card, original, onRemove, onDismiss }: Props) {
  const { pending, error, run } = useRequest();
  const name = `${original.cardName ?? '카드'} ${original.numberMasked ?? ''}`.trim();
  const box = useRef<HTMLDivElement>(null);
  // The forms are below the list: bring the notice into view, where the customer will read it.
  // (A statement, not the arrow's value: Chromium's scrollIntoView now answers a promise, which
  // React would take for the effect's cleanup and call on unmount.)
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <div ref={box} className="mb-3">
      <Alert tone="info">
        <p className="m-0">
          <strong>이미 등록된 카드와 같은 카드입니다.</strong> 방금 등록한 카드는 {name}와 카드사·번호가 같습니다.
          그대로 두어도 되고, 필요 없으면 방금 등록한 카드를 삭제할 수 있습니다.
        </p>
        {error && <p className="field-error">{error}</p>}
        <div className="card-actions mt-2">
          <Button
            variant="secondary"
            disabled={pending}
            onClick={async () => {
              if (await run(() => onRemove(card.id))) onDismiss();
            }}
          >
            {pending ? '삭제 중…' : '방금 등록한 카드 삭제'}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={onDismiss}>
            둘 다 사용
          </Button>
        </div>
      </Alert>
    </div>
  );
}
