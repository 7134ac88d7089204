'use client';
import { useId } from 'react';
import { ShippingInputs } from '@/components/checkout/shipping-inputs';
import type { ShippingDetails, ShippingField } from '@/lib/values/client';

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
  return (
    <fieldset className="m-0 flex flex-col gap-4 border-0 p-0" disabled={disabled}>
      <legend className="mb-2 font-bold">{legend}</legend>
      <ShippingInputs
        values={values}
        onChange={(field, value) => onChange({ ...values, [field]: value })}
        errors={errors}
        disabled={disabled}
        inputOf={(name) => ({ id: `${prefix}-${name}`, maxLength: maxLength[name] })}
      />
    </fieldset>
  );
}
