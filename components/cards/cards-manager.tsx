'use client';
import { useCallback, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Panel } from '@/components/ui/panel';
import { useToast } from '@/components/ui/toaster';
import type { ImpConfig, RegistrationProof } from '@/lib/browser/client';
import { useCards } from '@/lib/browser/client';
import type { CardSummary } from '@/lib/cards/client';
import type { WindowMode } from '@/lib/identity/client';
import { isWallet, PAY_METHOD_NAMES } from '@/lib/payments/client';
import { CardList } from './card-list';
import { DuplicateNotice } from './duplicate-notice';
import { KeyInForm } from './key-in-form';
import { WalletRegistration } from './wallet-registration';
import { type WindowRedirectResult, WindowRegistration } from './window-registration';

interface Props {
  impConfig: ImpConfig;
  windowMode?: WindowMode;
  redirectResult?: WindowRedirectResult;
}

/** /account/cards: the customer's cards and wallets, and the ways to add one. */
export function CardsManager({ impConfig, windowMode, redirectResult }: Props) {
  const { cards, error, isLoading, ...actions } = useCards();
  const toast = useToast();
  const walletOf = (cardId: string) => {
    const method = cards?.find((card) => card.id === cardId)?.method;
    return method && isWallet(method) ? method : undefined;
  };
  const remove = async (cardId: string) => {
    const wallet = walletOf(cardId);
    await actions.remove(cardId);
    toast(wallet ? `${PAY_METHOD_NAMES[wallet]}를 삭제했습니다.` : '카드를 삭제했습니다.');
  };
  const chooseDefault = async (cardId: string) => {
    const wallet = walletOf(cardId);
    await actions.chooseDefault(cardId);
    toast(wallet ? '기본 결제수단을 바꿨습니다.' : '기본 카드를 바꿨습니다.');
  };
  const completeWindow = async (customerUid: string, proof: RegistrationProof) =>
    noticeRepeat(await actions.completeWindowRegistration(customerUid, proof));
  // A phone's redirect return goes to the panel it left from (a wallet's path names it).
  const walletReturn = redirectResult?.method && isWallet(redirectResult.method) ? redirectResult : undefined;
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
        <h2 id="cards-heading">등록된 카드·간편결제</h2>
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
        <Panel aria-labelledby="wallet-heading">
          <h2 id="wallet-heading">간편결제 등록</h2>
          <WalletRegistration
            impConfig={impConfig}
            windowMode={windowMode}
            redirectResult={walletReturn}
            start={actions.startWindowRegistration}
            complete={completeWindow}
          />
        </Panel>
        <Panel aria-labelledby="window-heading">
          <h2 id="window-heading">결제창으로 카드 등록</h2>
          <WindowRegistration
            impConfig={impConfig}
            windowMode={windowMode}
            redirectResult={walletReturn ? undefined : redirectResult}
            start={actions.startWindowRegistration}
            complete={completeWindow}
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
