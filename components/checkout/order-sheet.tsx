'use client';
import { Field } from '@/components/ui/field';
import { Panel } from '@/components/ui/panel';
import { MAX_QUANTITY, SHIPPING_LIMITS, type ShippingDetails, type ShippingField } from '@/lib/values/client';
import { ShippingInputs } from './shipping-inputs';

export interface OrderSheetValues {
  quantity: number;
  shipping: ShippingDetails;
  saveAddress: boolean;
}

interface Props {
  values: OrderSheetValues;
  onChange(values: OrderSheetValues): void;
  errors: Partial<Record<ShippingField, string>>;
  disabled?: boolean;
}

const noteChoices = ['문 앞에 놓아 주세요', '경비실에 맡겨 주세요', '배송 전에 연락 주세요'];

/** 주문서: how many, and where the goods go. Values live in the panel, which prices and sends them. */
export function OrderSheet({ values, onChange, errors, disabled }: Props) {
  // The server's limits: typing stops there, and the count shows how close it is.
  const limitOf = (name: ShippingField) =>
    name in SHIPPING_LIMITS
      ? { maxLength: SHIPPING_LIMITS[name as keyof typeof SHIPPING_LIMITS], showCount: true }
      : {};
  return (
    <Panel as="fieldset" className="m-0 flex flex-col gap-4" disabled={disabled}>
      <legend className="sr-only">주문서</legend>
      <h2 className="m-0">주문서</h2>
      <Field id="field-quantity" label="수량">
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            className="w-24"
            value={values.quantity}
            onChange={(event) =>
              onChange({ ...values, quantity: Math.min(MAX_QUANTITY, Math.max(1, Number(event.target.value) || 1)) })
            }
          />
        )}
      </Field>
      <h3 className="m-0 text-base font-bold">배송지</h3>
      <ShippingInputs
        values={values.shipping}
        onChange={(field, value) => onChange({ ...values, shipping: { ...values.shipping, [field]: value } })}
        errors={errors}
        disabled={disabled}
        inputOf={limitOf}
        noteList="delivery-notes"
      />
      <datalist id="delivery-notes">
        {noteChoices.map((note) => (
          <option key={note} value={note} />
        ))}
      </datalist>
      <label className="inline-field">
        <input
          type="checkbox"
          checked={values.saveAddress}
          onChange={(event) => onChange({ ...values, saveAddress: event.target.checked })}
        />
        기본 배송지로 저장
      </label>
    </Panel>
  );
}
