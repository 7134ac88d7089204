'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toaster';
import type { ImpConfig } from '@/lib/browser/client';
import { useImpOnIntent } from '@/lib/browser/client';
import type { WindowRegistration as Registration } from '@/lib/cards/client';
import { type CardConsentGiven, cardConsentGiven } from '@/lib/consents/client';
import type { WindowMode } from '@/lib/identity/client';
import { failureWords } from '@/lib/payments/client';
import { CardConsentField } from './card-consent-field';
import { useWindowRegistration } from './use-window-registration';

/** The m_redirect_url return: merchant_uid is the card's customer_uid (see lib/cards/register-in-window.ts). */
export interface WindowRedirectResult {
  customerUid?: string;
  impUid?: string;
  success: boolean;
  errorMessage?: string;
}

interface Props {
  impConfig: ImpConfig;
  windowMode?: WindowMode;
  redirectResult?: WindowRedirectResult;
  start(consent: CardConsentGiven): Promise<Registration>;
  complete(customerUid: string, impUid: string): Promise<unknown>;
}

const busyLabel = {
  starting: '결제창을 준비하고 있습니다…',
  window_open: '결제창에서 카드 정보를 입력해 주세요.',
  verifying: '카드 등록 결과를 확인하고 있습니다…',
} as const;

export function WindowRegistration({ impConfig, windowMode, redirectResult, start, complete }: Props) {
  const [agreed, setAgreed] = useState(false);
  const startConsented = useCallback(() => start(cardConsentGiven), [start]);
  const { state, open, verify, setState } = useWindowRegistration({
    impConfig,
    windowMode,
    start: startConsented,
    complete,
  });
  const handledRedirect = useRef(false);
  const toast = useToast();

  useEffect(() => {
    if (state.phase === 'registered') toast('카드가 등록되었습니다.');
  }, [state.phase, toast]);

  // The service's script loads once the button shows or is pointed at (not with the page).
  const intent = useImpOnIntent(impConfig);

  useEffect(() => {
    if (!redirectResult || handledRedirect.current) return;
    handledRedirect.current = true;
    // A reload must not hand the same result in again (it would be refused as a replay).
    window.history.replaceState(null, '', window.location.pathname);
    const { customerUid, impUid, success, errorMessage } = redirectResult;
    if (success && customerUid && impUid) void verify(customerUid, impUid);
    else
      setState({ phase: 'failed', message: failureWords(errorMessage, 'registration') ?? '카드 등록을 취소했습니다.' });
  }, [redirectResult, verify, setState]);

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
