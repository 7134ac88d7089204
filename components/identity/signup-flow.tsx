'use client';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect } from 'react';
import { useAccount, useSignupIdentity } from '@/lib/browser/client';
import type { CertifiedIdentity } from '@/lib/identity/client';
import { safeReturnPath } from '@/lib/values/client';
import { AccountStep } from './account-step';
import { type CertificationSetup, CertificationStep } from './certification-step';

interface Props extends CertificationSetup {
  /** Where signup was started from (`?next=`, e.g. a product page): the customer returns there. */
  next?: string;
}

// Kept for the tab across the certification window's full-page round trip (phones).
const NEXT_KEY = 'imp-checkout:signup-next';

function rememberedNext(): string {
  try {
    return safeReturnPath(sessionStorage.getItem(NEXT_KEY) ?? undefined);
  } catch {
    return '/account';
  }
}

export function SignupFlow({ impConfig, minAge, windowMode, redirectResult, next }: Props) {
  const router = useRouter();
  const { identity, isLoading, mutate } = useSignupIdentity();
  const { mutate: refreshAccount } = useAccount();

  const onVerified = useCallback(
    (verified: CertifiedIdentity) => void mutate({ identity: verified }, { revalidate: false }),
    [mutate],
  );
  useEffect(() => {
    try {
      if (next) sessionStorage.setItem(NEXT_KEY, next);
    } catch {
      // Storage unavailable (private modes): the account page is the way on.
    }
  }, [next]);

  const onSignedUp = useCallback(async () => {
    await refreshAccount();
    const destination = rememberedNext();
    try {
      sessionStorage.removeItem(NEXT_KEY);
    } catch {}
    router.replace(destination);
    router.refresh();
  }, [refreshAccount, router]);

  if (isLoading) return <p aria-busy="true">불러오는 중…</p>;
  if (identity) return <AccountStep identity={identity} onSignedUp={onSignedUp} />;
  return (
    <CertificationStep
      impConfig={impConfig}
      minAge={minAge}
      windowMode={windowMode}
      redirectResult={redirectResult}
      onVerified={onVerified}
    />
  );
}
