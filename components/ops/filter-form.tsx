'use client';
import type { FormEvent, ReactNode } from 'react';

export interface FilterField {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'date';
  options?: readonly { value: string; label: string }[];
}

/** A list's filters: each a labelled input or select, submitted into the URL. */
export function FilterForm({
  fields,
  values,
  onSubmit,
  label,
  extra,
}: {
  fields: FilterField[];
  values: Record<string, string>;
  onSubmit(values: Record<string, string | undefined>): void;
  label: string;
  extra?: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSubmit(
      Object.fromEntries(fields.map((field) => [field.name, String(form.get(field.name) ?? '').trim() || undefined])),
    );
  };
  // Keyed by the URL's values: going back and forth refills the form.
  return (
    <form className="ops-filters" onSubmit={submit} aria-label={label} key={JSON.stringify(values)}>
      {fields.map((field) => {
        const id = `filter-${field.name}`;
        return (
          <div className="field" key={field.name}>
            <label htmlFor={id}>{field.label}</label>
            {field.options ? (
              <select id={id} name={field.name} defaultValue={values[field.name] ?? ''}>
                <option value="">전체</option>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input id={id} name={field.name} type={field.type ?? 'text'} defaultValue={values[field.name] ?? ''} />
            )}
          </div>
        );
      })}
      {extra}
      <button type="submit" className="button">
        검색
      </button>
    </form>
  );
}

export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
