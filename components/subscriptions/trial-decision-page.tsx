'use client';
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { useRequest } from '@/components/ui/use-request';
import { useSubscriptions } from '@/lib/browser/client';
import { TrialConsent, type TrialDecision } from './trial-consent';

/** /account/subscriptions/trial/{id}: one trial's ask, answered here (the list is the customer's, by SWR). */
export function TrialDecisionPage({ subscriptionId }: { subscriptionId: string }) {
  const { subscriptions, isLoading, decideTrial } = useSubscriptions();
  const [running, setRunning] = useState<TrialDecision>();
  const { error, run } = useRequest('답변을 저장하지 못했습니다.');
  const subscription = subscriptions?.find((s) => s.id === subscriptionId);
  const back = <Link href="/account/subscriptions">정기구독으로 돌아가기</Link>;
  if (isLoading) return <p aria-busy="true">불러오는 중…</p>;
  if (!subscription?.trial) {
    return <p>답하실 무료 체험이 없습니다. 체험이 이미 끝났거나 유료로 바뀌었습니다. {back}</p>;
  }
  const { trial } = subscription;
  async function decide(decision: TrialDecision) {
    setRunning(decision);
    await run(() => decideTrial(subscriptionId, decision, trial.textSha256));
    setRunning(undefined);
  }
  return (
    <>
      {error && <Alert>{error}</Alert>}
      <TrialConsent subscription={{ ...subscription, trial }} running={running} onDecide={decide} />
      <p>{back}</p>
    </>
  );
}
