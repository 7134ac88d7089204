'use client';
import { useId } from 'react';
import { TextField } from '@/components/ui/text-field';
import type { ShippingDetails, ShippingField } from '@/lib/shared/shipping';

interface Props {
  legend: string;
  values: ShippingDetails;
  onChange(values: ShippingDetails): void;
  errors: Partial<Record<ShippingField, string>>;
  disabled?: boolean;
}

/** The same limits the server holds (lib/orders/requests.ts shippingBody): the field stops where the server would refuse. */
const maxLength: Record<ShippingField, number> = {
  recipient: 20,
  phone: 13,
  postcode: 5,
  address: 100,
  addressDetail: 100,
  note: 100,
};

export const EMPTY_SHIPPING: ShippingDetails = {
  recipient: '',
  phone: '',
  postcode: '',
  address: '',
  addressDetail: '',
  note: '',
};

/**
 * Where a goods subscription's deliveries go: the order sheet's 배송지 fields (same labels, checks
 * and limits), with ids of their own so several forms can sit on one page.
 */
export function ShippingFields({ legend, values, onChange, errors, disabled }: Props) {
  const prefix = useId();
  const field = (name: ShippingField, label: string, extra: Record<string, string> = {}) => (
    <TextField
      id={`${prefix}-${name}`}
      name={name}
      label={label}
      value={values[name]}
      error={errors[name]}
      disabled={disabled}
      maxLength={maxLength[name]}
      onChange={(event) => onChange({ ...values, [name]: event.target.value })}
      {...extra}
    />
  );
  return (
    <fieldset className="m-0 flex flex-col gap-4 border-0 p-0" disabled={disabled}>
      <legend className="mb-2 font-bold">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('recipient', '받는 분', { autoComplete: 'name' })}
        {field('phone', '휴대폰 번호', { autoComplete: 'tel', inputMode: 'tel', placeholder: '010-1234-5678' })}
      </div>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        {field('postcode', '우편번호', { autoComplete: 'postal-code', inputMode: 'numeric', placeholder: '12345' })}
        {field('address', '주소', { autoComplete: 'address-line1', placeholder: '도로명 주소' })}
      </div>
      {field('addressDetail', '상세 주소', { autoComplete: 'address-line2', placeholder: '동·호수 등' })}
      {field('note', '배송 요청사항 (선택)')}
    </fieldset>
  );
}
