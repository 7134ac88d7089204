import type { ReactNode } from 'react';

/** What the control inside a Field is given: its id, and the notes that are read out with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  /** The control's id; its notes get `${id}-hint`, `${id}-count` and `${id}-error`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A note under the hint, right-aligned and small ("12/50자"). */
  count?: ReactNode;
  error?: ReactNode;
  /** Renders the control with the props that tie it to the label and the notes. */
  children(control: FieldControlProps): ReactNode;
}

/**
 * A label, its control, and the hint, count and error under it, announced with the control
 * (aria-describedby); an error also marks the control invalid (aria-invalid).
 */
export function Field({ id, label, hint, count, error, children }: FieldProps) {
  const describedBy =
    [hint && `${id}-hint`, count && `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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
