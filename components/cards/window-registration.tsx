'use client';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toaster';
import type { ImpConfig, RegistrationProof, RegistrationStart } from '@/lib/browser/client';
import { useImpOnIntent } from '@/lib/browser/client';
import { type CardConsentGiven, cardConsentGiven } from '@/lib/consents/client';
import type { WindowMode } from '@/lib/identity/client';
import { CardConsentField } from './card-consent-field';
import { busyWords, registeredWords } from './registration-words';
import { useRedirectResult, useWindowRegistration, type WindowRedirectResult } from './use-window-registration';

export type { WindowRedirectResult };

interface Props {
  impConfig: ImpConfig;
  windowMode?: WindowMode;
  redirectResult?: WindowRedirectResult;
  start(consent: CardConsentGiven): Promise<RegistrationStart>;
  complete(customerUid: string, proof: RegistrationProof): Promise<unknown>;
}

const busyLabel = busyWords('card');

export function WindowRegistration({ impConfig, windowMode, redirectResult, start, complete }: Props) {
  const [agreed, setAgreed] = useState(false);
  const startConsented = useCallback(() => start(cardConsentGiven), [start]);
  const registration = useWindowRegistration({
    impConfig,
    windowMode,
    start: startConsented,
    complete,
  });
  const { state, open } = registration;
  useRedirectResult(redirectResult, registration);
  const toast = useToast();

  useEffect(() => {
    if (state.phase === 'registered') toast(registeredWords('card'));
  }, [state.phase, toast]);

  // The service's script loads once the button shows or is pointed at (not with the page).
  const intent = useImpOnIntent(impConfig);

  const busy = state.phase === 'starting' || state.phase === 'window_open' || state.phase === 'verifying';
  return (
    <div className="stack">
      <p>결제 서비스의 결제창에서 카드 정보를 입력합니다. 카드 정보는 이 사이트를 거치지 않습니다.</p>
      {busy && (
        <p role="status" aria-live="polite">
          {busyLabel[state.phase]}
        </p>
      )}
      {state.phase === 'failed' && <Alert>{state.message}</Alert>}
      <CardConsentField checked={agreed} disabled={busy} onChange={setAgreed} />
      <Button {...intent} onClick={open} pending={busy} disabled={!agreed}>
        결제창으로 카드 등록
      </Button>
    </div>
  );
}
