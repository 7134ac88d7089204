'use client';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import type { ImpConfig } from '@/lib/browser/client';
import { useImpOnIntent } from '@/lib/browser/client';
import type { CertifiedIdentity, WindowMode } from '@/lib/identity/client';
import { UnderAgeNotice } from './under-age-notice';
import { isUnderAge, useCertification } from './use-certification';

/** How certification runs, as the signup page sets it up. */
export interface CertificationSetup {
  impConfig: ImpConfig;
  minAge: number;
  windowMode?: WindowMode;
  /** Set when the service redirected back here (V1's m_redirect_url, V2's redirectUrl). */
  redirectResult?: { impUid?: string; identityVerificationId?: string; success: boolean; errorMessage?: string };
}

interface Props extends CertificationSetup {
  onVerified(identity: CertifiedIdentity): void;
}

const busyLabel = {
  starting: '본인인증 준비 중…',
  window_open: '본인인증 창에서 인증을 진행해 주세요.',
  verifying: '본인인증 결과를 확인하고 있습니다…',
} as const;

export function CertificationStep({ impConfig, minAge, windowMode, redirectResult, onVerified }: Props) {
  const { state, start, verify, setState } = useCertification({ impConfig, minAge, windowMode, onVerified });
  const handledRedirect = useRef(false);

  // The service's script loads once the button shows or is pointed at (not with the page).
  const intent = useImpOnIntent(impConfig);

  useEffect(() => {
    if (!redirectResult || handledRedirect.current) return;
    handledRedirect.current = true;
    const { impUid, identityVerificationId } = redirectResult;
    if (redirectResult.success && impUid) void verify(impUid);
    else if (redirectResult.success && identityVerificationId) void verify({ identityVerificationId });
    else
      setState({
        phase: 'failed',
        code: isUnderAge(null, redirectResult.errorMessage) ? 'under_age' : 'window_failed',
        message: redirectResult.errorMessage || '본인인증이 취소되었습니다.',
      });
  }, [redirectResult, verify, setState]);

  const busy = state.phase === 'starting' || state.phase === 'window_open' || state.phase === 'verifying';
  // Age is not something another try changes: explain instead of offering one.
  if (state.phase === 'failed' && state.code === 'under_age') return <UnderAgeNotice minAge={minAge} />;
  return (
    <Panel aria-labelledby="certification-heading">
      <h2 id="certification-heading">1단계 · 휴대폰 본인인증</h2>
      <p className="lead">
        안전한 거래를 위해 휴대폰 본인인증으로 만 {minAge}세 이상인지 확인합니다. 인증 정보는 가입에 필요한 항목만
        보관합니다.
      </p>
      {busy && (
        <p role="status" aria-live="polite">
          {busyLabel[state.phase]}
        </p>
      )}
      {state.phase === 'failed' && (
        <Alert>
          {state.message}
          {state.code === 'person_registered' && (
            <>
              {' '}
              <Link href="/signin">로그인하러 가기</Link>
            </>
          )}
        </Alert>
      )}
      <Button {...intent} onClick={start} pending={busy}>
        {state.phase === 'failed' ? '본인인증 다시 하기' : '휴대폰 본인인증 하기'}
      </Button>
    </Panel>
  );
}
