'use client';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import type { ImpConfig } from '@/lib/browser/imp-loader';
import { useAccount } from '@/lib/browser/resources/use-account';
import { useSignupIdentity } from '@/lib/browser/resources/use-signup-identity';
import type { CertifiedIdentity, WindowMode } from '@/lib/shared/identity';
import { AccountStep } from './account-step';
import { CertificationStep } from './certification-step';

interface Props {
  impConfig: ImpConfig;
  minAge: number;
  windowMode?: WindowMode;
  redirectResult?: { impUid?: string; success: boolean; errorMessage?: string };
}

export function SignupFlow({ impConfig, minAge, windowMode, redirectResult }: Props) {
  const router = useRouter();
  const { identity, isLoading, mutate } = useSignupIdentity();
  const { mutate: refreshAccount } = useAccount();

  const onVerified = useCallback(
    (verified: CertifiedIdentity) => void mutate({ identity: verified }, { revalidate: false }),
    [mutate],
  );
  const onSignedUp = useCallback(async () => {
    await refreshAccount();
    router.replace('/account');
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
