'use client';
import type { InputHTMLAttributes } from 'react';
import { TextField } from '@/components/ui/text-field';
import type { ShippingDetails, ShippingField } from '@/lib/values/client';

interface Props {
  values: ShippingDetails;
  onChange(field: ShippingField, value: string): void;
  errors: Partial<Record<ShippingField, string>>;
  disabled?: boolean;
  /** What differs per form: a field's id and its limit (the order sheet counts, a subscription's form does not). */
  inputOf(field: ShippingField): InputHTMLAttributes<HTMLInputElement> & { showCount?: boolean };
  /** The id of a datalist of common delivery requests, offered in the note field. */
  noteList?: string;
}

/** The 배송지 fields, the same labels, autocomplete and layout wherever goods are sent: the order sheet and a goods subscription. */
export function ShippingInputs({ values, onChange, errors, disabled, inputOf, noteList }: Props) {
  const field = (name: ShippingField, label: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField
      name={name}
      label={label}
      value={values[name]}
      error={errors[name]}
      disabled={disabled}
      onChange={(event) => onChange(name, event.target.value)}
      {...inputOf(name)}
      {...extra}
    />
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('recipient', '받는 분', { autoComplete: 'name' })}
        {field('phone', '휴대폰 번호', { autoComplete: 'tel', inputMode: 'tel', placeholder: '010-1234-5678' })}
      </div>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        {field('postcode', '우편번호', { autoComplete: 'postal-code', inputMode: 'numeric', placeholder: '12345' })}
        {field('address', '주소', { autoComplete: 'address-line1', placeholder: '도로명 주소' })}
      </div>
      {field('addressDetail', '상세 주소', { autoComplete: 'address-line2', placeholder: '동·호수 등' })}
      {field('note', '배송 요청사항 (선택)', noteList ? { list: noteList } : {})}
    </>
  );
}
