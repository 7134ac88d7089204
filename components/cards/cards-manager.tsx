'use client';
import { useCallback, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Panel } from '@/components/ui/panel';
import { useToast } from '@/components/ui/toaster';
import type { ImpConfig } from '@/lib/browser/client';
import { useCards } from '@/lib/browser/client';
import type { CardSummary } from '@/lib/cards/client';
import type { WindowMode } from '@/lib/identity/client';
import { CardList } from './card-list';
import { DuplicateNotice } from './duplicate-notice';
import { KeyInForm } from './key-in-form';
import { type WindowRedirectResult, WindowRegistration } from './window-registration';

interface Props {
  impConfig: ImpConfig;
  windowMode?: WindowMode;
  redirectResult?: WindowRedirectResult;
}

/** /account/cards: the customer's cards and the two ways to add one. */
export function CardsManager({ impConfig, windowMode, redirectResult }: Props) {
  const { cards, error, isLoading, ...actions } = useCards();
  const toast = useToast();
  const remove = async (cardId: string) => {
    await actions.remove(cardId);
    toast('카드를 삭제했습니다.');
  };
  const chooseDefault = async (cardId: string) => {
    await actions.chooseDefault(cardId);
    toast('기본 카드를 바꿨습니다.');
  };
  // The card just registered, when it repeats one already on file.
  const [repeated, setRepeated] = useState<string>();
  const noticeRepeat = useCallback(<T extends { cardId: string; cards: CardSummary[] }>(answer: T): T => {
    setRepeated(answer.cards.find((card) => card.id === answer.cardId)?.duplicateOf ? answer.cardId : undefined);
    return answer;
  }, []);
  const repeatedCard = cards?.find((card) => card.id === repeated);
  const original = cards?.find((card) => card.id === repeatedCard?.duplicateOf);
  // On a desktop the cards on file and the two ways to add one sit side by side; on a phone, stacked.
  return (
    <div className="grid items-start gap-x-6 lg:grid-cols-2">
      <Panel className="min-w-0" aria-labelledby="cards-heading">
        <h2 id="cards-heading">등록된 카드</h2>
        {isLoading && <p aria-busy="true">불러오는 중…</p>}
        {error && <Alert>{error.message}</Alert>}
        {repeatedCard && original && (
          <DuplicateNotice
            card={repeatedCard}
            original={original}
            onRemove={remove}
            onDismiss={() => setRepeated(undefined)}
          />
        )}
        {cards && <CardList cards={cards} onChooseDefault={chooseDefault} onRemove={remove} />}
      </Panel>
      <div className="flex min-w-0 flex-col">
        <Panel aria-labelledby="window-heading">
          <h2 id="window-heading">결제창으로 카드 등록</h2>
          <WindowRegistration
            impConfig={impConfig}
            windowMode={windowMode}
            redirectResult={redirectResult}
            start={actions.startWindowRegistration}
            complete={async (customerUid, impUid) =>
              noticeRepeat(await actions.completeWindowRegistration(customerUid, impUid))
            }
          />
        </Panel>
        <Panel aria-labelledby="key-in-heading">
          <h2 id="key-in-heading">카드 번호 직접 입력</h2>
          <p>입력한 카드 정보는 카드 확인에만 쓰이고 저장하지 않습니다.</p>
          <KeyInForm
            onRegister={async (fields, consent) => noticeRepeat(await actions.registerByKeyIn(fields, consent))}
          />
        </Panel>
      </div>
    </div>
  );
}
