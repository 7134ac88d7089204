'use client';
import { useId } from 'react';
import { cardConsentText } from '@/lib/consents/shared/card-text';

interface Props {
  /** The card as entered, masked (key-in); the window shows its own form. */
  maskedCard?: string;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}

/** The consent to keep a card as a billing key: what it means, and a box that starts unchecked. */
export function CardConsentField({ maskedCard, checked, disabled, onChange }: Props) {
  const id = useId();
  const lines = cardConsentText(maskedCard || undefined);
  return (
    <div className="consent-box">
      <ul className="consent-terms">
        {lines.slice(0, -1).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="checkbox-field">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{lines.at(-1)}</label>
      </div>
    </div>
  );
}
