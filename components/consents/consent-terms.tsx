'use client';
import { type ReactNode, useId } from 'react';

interface Props {
  /** The terms as the server rendered them (what the consent log keeps), one line each. */
  terms: readonly string[];
  /** The sentence the box agrees to: the box's label. */
  agreement: string | undefined;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
  /** Between the terms and the box: a link to more, an error. */
  children?: ReactNode;
}

/** A masked card number (4242-42**-****-4242) in a line of terms: one piece, never broken at a hyphen on a phone. */
function keepNumbersWhole(line: string): ReactNode {
  return line.split(/(\d{4}-\d{2}\*{2}-\*{4}-\d{4})/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={part} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** The terms of a consent and a separate box that agrees to them (it starts unchecked: the caller's state). */
export function ConsentTerms({ terms, agreement, checked, disabled, onChange, children }: Props) {
  const id = useId();
  return (
    <>
      <ul className="consent-terms">
        {terms.map((line) => (
          <li key={line}>{keepNumbersWhole(line)}</li>
        ))}
      </ul>
      {children}
      <div className="checkbox-field">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{agreement}</label>
      </div>
    </>
  );
}
