import type { Metadata } from 'next';
import { TrialDecisionPage } from '@/components/subscriptions/trial-decision-page';
import { requireUser } from '@/lib/routes';

export const metadata: Metadata = { title: '무료 체험 후 유료 전환' };

/** The trial-ending mail's link: the ask itself (opening it agrees to nothing). */
export default async function TrialPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireUser(`/account/subscriptions/trial/${id}`);
  return (
    <section className="narrow">
      <h1>무료 체험 후 유료 전환</h1>
      <TrialDecisionPage subscriptionId={id} />
    </section>
  );
}
