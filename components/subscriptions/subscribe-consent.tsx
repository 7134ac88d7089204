'use client';
import Link from 'next/link';
import { useState } from 'react';
import { ConsentTerms } from '@/components/consents/consent-terms';
import { Button } from '@/components/ui/button';
import type { SubscriptionOffer } from '@/lib/subscriptions/client';

interface Props {
  offer: SubscriptionOffer;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

/**
 * The terms of a subscription exactly as the server rendered them (their hash is what the consent
 * log keeps), a separate checkbox that starts unchecked, and a button that waits for it — beside the
 * way out, the same size and look.
 */
export function SubscribeConsent({ offer, busy, onConfirm, onClose }: Props) {
  const [agreed, setAgreed] = useState(false);
  return (
    <section className="consent-box" aria-label={`${offer.planName} 정기결제 안내`}>
      <ConsentTerms
        terms={offer.text.slice(0, -1)}
        agreement={offer.text.at(-1) ?? '정기결제(자동결제)에 동의합니다'}
        checked={agreed}
        disabled={busy}
        onChange={setAgreed}
      >
        <p className="field-hint">
          <Link href="/account/subscriptions#cancel-help">해지 방법 자세히 보기</Link>
        </p>
      </ConsentTerms>
      <div className="choice-row">
        <Button
          variant="choice"
          pending={busy}
          pendingLabel="진행하고 있습니다…"
          disabled={!agreed}
          onClick={onConfirm}
        >
          동의하고 구독하기
        </Button>
        <Button variant="choice" disabled={busy} onClick={onClose}>
          구독하지 않기
        </Button>
      </div>
    </section>
  );
}
