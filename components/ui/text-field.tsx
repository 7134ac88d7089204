import type { InputHTMLAttributes } from 'react';
import { EMAIL_MAX, PASSWORD_MAX } from '@/lib/shared/field-limits';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  /** Shows "n/max자" under the field (a field with a maxLength that long values reach). */
  showCount?: boolean;
}

/** The server's limits for these kinds of input, when the caller names none. */
const defaultMaxLength = (type: string | undefined) =>
  type === 'email' ? EMAIL_MAX : type === 'password' ? PASSWORD_MAX : undefined;

/** A labelled input whose error, hint and count are announced with it (aria-describedby). */
export function TextField({
  name,
  label,
  error,
  hint,
  showCount,
  id = `field-${name}`,
  maxLength,
  ...input
}: TextFieldProps) {
  const limit = maxLength ?? defaultMaxLength(input.type);
  const count = showCount && limit !== undefined ? `${String(input.value ?? '').length}/${limit}자` : undefined;
  const describedBy =
    [hint && `${id}-hint`, count && `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        maxLength={limit}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {count && (
        <p id={`${id}-count`} className="field-hint m-0 text-right text-xs">
          {count}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
