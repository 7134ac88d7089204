'use client';
import { ConsentTerms } from '@/components/consents/consent-terms';
import { cardConsentText } from '@/lib/consents/client';

interface Props {
  /** The card as entered, masked (key-in); the window shows its own form. */
  maskedCard?: string;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}

/** The consent to keep a card as a billing key: what it means, and a box that starts unchecked. */
export function CardConsentField({ maskedCard, checked, disabled, onChange }: Props) {
  const lines = cardConsentText(maskedCard || undefined);
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
