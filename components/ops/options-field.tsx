import type { ReactNode } from 'react';
import { Field } from '@/components/ui/field';

export interface Option {
  value: string;
  label: string;
}

/** The options of a closed list, each value shown by its Korean label (in the labels' order). */
export const optionsOf = <K extends string>(labels: Record<K, string>): Option[] =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

interface Props {
  id: string;
  name: string;
  label: string;
  options: readonly Option[];
  defaultValue: string;
  /** A first option with no value ("전체"), where choosing none is allowed. */
  blankLabel?: string;
  hint?: ReactNode;
  onChange?: (value: string) => void;
}

/** A console form's labelled choice: the platform's select (the console is for desktops). */
export function OptionsField({ id, name, label, options, defaultValue, blankLabel, hint, onChange }: Props) {
  return (
    <Field id={id} label={label} hint={hint}>
      {(control) => (
        <select
          {...control}
          name={name}
          defaultValue={defaultValue}
          onChange={onChange && ((event) => onChange(event.target.value))}
        >
          {blankLabel !== undefined && <option value="">{blankLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
