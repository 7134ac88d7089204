import type { SelectHTMLAttributes } from 'react';
import { Field } from './field';

export interface SelectOption {
  value: string;
  label: string;
  /** Written after the label when another option has the same label (e.g. when a card was registered), so they read apart. */
  detail?: string;
}

interface Props extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  name: string;
  label: string;
  options: SelectOption[];
  onValueChange(value: string): void;
  placeholder?: string;
}

/**
 * The one styled select: the platform's own control, styled with the shop's tokens. Radix Select
 * was tried here; with its positioning library it cost ~15 kB gzip on every page that lists cards,
 * past the 20 kB budget, and the native control is as accessible (and better on phones).
 */
export function Select({ name, label, options, onValueChange, placeholder, id = `field-${name}`, ...select }: Props) {
  // The detail only where labels repeat: a closed select shows one line, and a long one is cut off.
  const repeated = new Set(options.map((o) => o.label).filter((l, i, all) => all.indexOf(l) !== i));
  return (
    <Field id={id} label={label}>
      {(control) => (
        <select
          {...control}
          name={name}
          className="w-full min-w-0 appearance-none bg-[url('data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20viewBox=%220%200%2012%208%22%3E%3Cpath%20d=%22M1%201l5%205%205-5%22%20fill=%22none%22%20stroke=%22%235b6470%22%20stroke-width=%221.5%22/%3E%3C/svg%3E')] bg-size-[0.75rem] bg-position-[right_0.8rem_center] bg-no-repeat pr-9"
          onChange={(event) => onValueChange(event.target.value)}
          {...select}
        >
          {placeholder && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.detail && repeated.has(option.label) ? `${option.label} — ${option.detail}` : option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
