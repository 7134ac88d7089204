'use client';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { type Option, OptionsField } from './options-field';

export interface FilterField {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'date';
  options?: readonly Option[];
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
    <form method="get" className="ops-filters" onSubmit={submit} aria-label={label} key={JSON.stringify(values)}>
      {fields.map((field) => {
        const id = `filter-${field.name}`;
        const value = values[field.name] ?? '';
        return field.options ? (
          <OptionsField
            key={field.name}
            id={id}
            name={field.name}
            label={field.label}
            options={field.options}
            defaultValue={value}
            blankLabel="전체"
          />
        ) : (
          <Field key={field.name} id={id} label={field.label}>
            {(control) => <input {...control} name={field.name} type={field.type ?? 'text'} defaultValue={value} />}
          </Field>
        );
      })}
      {extra}
      <Button type="submit">검색</Button>
    </form>
  );
}
