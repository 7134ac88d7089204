'use client';
import { ConsentTerms } from '@/components/consents/consent-terms';
import { cardConsentText } from '@/lib/consents/client';
import type { Wallet } from '@/lib/payments/client';

interface Props {
  /** The card as entered, masked (key-in); the window shows its own form. */
  maskedCard?: string;
  /** A wallet registered instead of a card: the same terms in a wallet's words. */
  wallet?: Wallet;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}

/** The consent to keep a card or wallet as a billing key: what it means, and a box that starts unchecked. */
export function CardConsentField({ maskedCard, wallet, checked, disabled, onChange }: Props) {
  const lines = cardConsentText(maskedCard || undefined, wallet);
  return (
    <div className="consent-box">
      <ConsentTerms
        terms={lines.slice(0, -1)}
        agreement={lines.at(-1)}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
      />
    </div>
  );
}
