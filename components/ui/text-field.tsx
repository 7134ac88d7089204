import type { InputHTMLAttributes } from 'react';
import { EMAIL_MAX, PASSWORD_MAX } from '@/lib/values/client';
import { Field } from './field';

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

/** A labelled input (a Field) whose error, hint and count are announced with it. */
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
  return (
    <Field id={id} label={label} hint={hint} count={count} error={error}>
      {(control) => <input {...control} name={name} maxLength={limit} {...input} />}
    </Field>
  );
}
