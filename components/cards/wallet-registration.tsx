'use client';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toaster';
import type { ImpConfig, RegistrationProof, RegistrationStart } from '@/lib/browser/client';
import { useImpOnIntent } from '@/lib/browser/client';
import { type CardConsentGiven, cardConsentGiven } from '@/lib/consents/client';
import type { WindowMode } from '@/lib/identity/client';
import { isWallet, PAY_METHOD_NAMES, type Wallet } from '@/lib/payments/client';
import { CardConsentField } from './card-consent-field';
import { busyWords, registeredWords } from './registration-words';
import { useRedirectResult, useWindowRegistration, type WindowRedirectResult } from './use-window-registration';
import { WalletChoice } from './wallet-choice';

interface Props {
  impConfig: ImpConfig;
  windowMode?: WindowMode;
  redirectResult?: WindowRedirectResult;
  start(consent: CardConsentGiven, wallet: Wallet): Promise<RegistrationStart>;
  complete(customerUid: string, proof: RegistrationProof): Promise<unknown>;
}

/**
 * A wallet (카카오페이·네이버페이·토스페이) kept as a payment means beside cards: its own billing
 * key, issued in the wallet's window (amount 0) and checked by our server as a card's is.
 */
export function WalletRegistration({ impConfig, windowMode, redirectResult, start, complete }: Props) {
  const returned = redirectResult?.method;
  const [wallet, setWallet] = useState<Wallet | undefined>(returned && isWallet(returned) ? returned : undefined);
  const [agreed, setAgreed] = useState(false);
  const startChosen = useCallback(async () => {
    if (!wallet) throw new Error('등록할 간편결제를 골라 주세요.');
    return start(cardConsentGiven, wallet);
  }, [start, wallet]);
  const registration = useWindowRegistration({
    impConfig,
    windowMode,
    start: startChosen,
    complete,
  });
  const { state, open } = registration;
  useRedirectResult(redirectResult, registration);
  const toast = useToast();
  const registered = state.phase === 'registered';
  useEffect(() => {
    if (registered && wallet) toast(registeredWords(wallet));
  }, [registered, wallet, toast]);
  const intent = useImpOnIntent(impConfig);

  const busy = state.phase === 'starting' || state.phase === 'window_open' || state.phase === 'verifying';
  // The consent names the wallet: another choice is another text, agreed to anew.
  const choose = (chosen: Wallet) => {
    setWallet(chosen);
    setAgreed(false);
  };
  return (
    <div className="stack">
      <p>간편결제 앱의 결제창에서 등록을 승인하면, 카드처럼 바로 구매와 정기구독에 쓸 수 있습니다.</p>
      <WalletChoice value={wallet} onChange={choose} disabled={busy} />
      {busy && wallet && (
        <p role="status" aria-live="polite">
          {busyWords(wallet)[state.phase]}
        </p>
      )}
      {state.phase === 'failed' && <Alert>{state.message}</Alert>}
      {wallet ? (
        <CardConsentField wallet={wallet} checked={agreed} disabled={busy} onChange={setAgreed} />
      ) : (
        <p className="field-hint">등록할 간편결제를 고르면 등록 안내와 동의 항목이 나옵니다.</p>
      )}
      <Button {...intent} onClick={open} pending={busy} disabled={!wallet || !agreed}>
        {wallet ? `${PAY_METHOD_NAMES[wallet]} 등록` : '간편결제 등록'}
      </Button>
    </div>
  );
}
