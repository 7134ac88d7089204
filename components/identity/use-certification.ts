'use client';
import { useCallback, useState } from 'react';
import {
  ApiError,
  apiFetch,
  certify,
  deviceWindowMode,
  type IdentityCheckStart,
  type ImpConfig,
  verifyIdentityV2,
} from '@/lib/browser/client';
import type { CertifiedIdentity, WindowMode } from '@/lib/identity/client';

export type CertificationState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'window_open' }
  | { phase: 'verifying' }
  | { phase: 'failed'; code: string; message: string };

interface Options {
  impConfig: ImpConfig;
  minAge: number;
  windowMode?: WindowMode;
  onVerified(identity: CertifiedIdentity): void;
}

const failure = (error: unknown): CertificationState =>
  error instanceof ApiError
    ? { phase: 'failed', code: error.code, message: error.message }
    : {
        phase: 'failed',
        code: 'unknown',
        message: error instanceof Error ? error.message : '본인인증을 진행하지 못했습니다.',
      };

/**
 * The window refuses someone younger than min_age itself (the emulator says UNDER_MIN_AGE; the
 * message names the age), and the server refuses them again as `under_age`: either way no retry
 * can change the answer.
 */
export const isUnderAge = (code: string | null | undefined, message: string | null | undefined) =>
  code === 'under_age' || code === 'UNDER_MIN_AGE' || /만\s?\d+세 이상/.test(message ?? '');

/** What the window reports to our server: V1's imp_uid, or the V2 identity verification's id. */
export type CertificationProof = string | { identityVerificationId: string };

/**
 * Step 1 of signup: an id from our server (V1's merchant_uid for IMP.certification, or V2's
 * identityVerificationId for PortOne.requestIdentityVerification, as the server's answer says),
 * the window, then the server verifies.
 */
export function useCertification({ impConfig, minAge, windowMode, onVerified }: Options) {
  const [state, setState] = useState<CertificationState>({ phase: 'idle' });

  const verify = useCallback(
    async (proof: CertificationProof) => {
      setState({ phase: 'verifying' });
      try {
        const { identity } = await apiFetch<{ identity: CertifiedIdentity }>('/api/identity/verify', {
          method: 'POST',
          body: typeof proof === 'string' ? { imp_uid: proof } : proof,
        });
        setState({ phase: 'idle' });
        onVerified(identity);
      } catch (error) {
        setState(failure(error));
      }
    },
    [onVerified],
  );

  const start = useCallback(async () => {
    setState({ phase: 'starting' });
    try {
      const check = await apiFetch<IdentityCheckStart>('/api/identity/checks', { method: 'POST' });
      if (check.api === 'v2') {
        setState({ phase: 'window_open' });
        const rsp = await verifyIdentityV2(check, { minAge, windowMode, returnPath: '/signup' });
        if (rsp.success) return verify({ identityVerificationId: rsp.identityVerificationId });
        const code = isUnderAge(rsp.error_code, rsp.error_msg) ? 'under_age' : 'window_failed';
        return setState({ phase: 'failed', code, message: rsp.error_msg });
      }
      const mode = windowMode ?? deviceWindowMode();
      setState({ phase: 'window_open' });
      const rsp = await certify(impConfig, {
        merchant_uid: check.merchantUid,
        min_age: minAge,
        popup: mode === 'popup',
        ...(mode === 'redirect' && { m_redirect_url: `${window.location.origin}/signup` }),
      });
      if (rsp.success && rsp.imp_uid) return verify(rsp.imp_uid);
      const code = isUnderAge(rsp.error_code, rsp.error_msg) ? 'under_age' : 'window_failed';
      setState({ phase: 'failed', code, message: rsp.error_msg || '본인인증이 취소되었습니다.' });
    } catch (error) {
      setState(failure(error));
    }
  }, [impConfig, minAge, windowMode, verify]);

  return { state, start, verify, setState };
}
