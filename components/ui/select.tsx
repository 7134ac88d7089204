'use client';
import * as RadixSelect from '@radix-ui/react-select';
import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  /** A second line that tells similar options apart (e.g. when a card was registered). */
  detail?: string;
}

interface Props {
  label: string;
  value: string | undefined;
  options: SelectOption[];
  onValueChange(value: string): void;
  placeholder?: string;
  disabled?: boolean;
}

/** The one styled select (Radix Select): labelled, keyboard-operable, each option with an optional detail line. */
export function Select({ label, value, options, onValueChange, placeholder = '선택해 주세요', disabled }: Props) {
  const id = useId();
  const chosen = options.find((option) => option.value === value);
  return (
    <div className="field">
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
        <RadixSelect.Trigger
          id={id}
          aria-labelledby={`${id}-label`}
          className="flex w-full items-center justify-between gap-2 rounded-md border border-line bg-white px-3 py-2.5 text-left disabled:opacity-60"
        >
          <RadixSelect.Value placeholder={placeholder}>
            {chosen && (
              <span className="flex flex-col">
                <span>{chosen.label}</span>
                {chosen.detail && <span className="text-sm text-muted">{chosen.detail}</span>}
              </span>
            )}
          </RadixSelect.Value>
          <RadixSelect.Icon aria-hidden className="text-muted">
            ▾
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            position="popper"
            sideOffset={4}
            className="z-50 w-(--radix-select-trigger-width) overflow-hidden rounded-md border border-line bg-white shadow-lg"
          >
            <RadixSelect.Viewport className="p-1">
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={option.value}
                  className="flex cursor-pointer flex-col rounded px-3 py-2 outline-none data-highlighted:bg-accent/10"
                >
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  {option.detail && <span className="text-sm text-muted">{option.detail}</span>}
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
}
