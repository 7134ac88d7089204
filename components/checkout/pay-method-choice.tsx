'use client';
import { PayMethodMark } from '@/components/payments/pay-method-mark';
import { CHECKOUT_METHODS, type CheckoutMethod, PAY_METHOD_NAMES } from '@/lib/payments/client';

interface Props {
  /** None until the customer chooses, unless they paid before. */
  value: CheckoutMethod | undefined;
  onChange(method: CheckoutMethod): void;
  /** The method of the customer's last payment: shown first and marked. */
  lastUsed?: CheckoutMethod;
  disabled?: boolean;
  error?: string;
}

export const PAY_METHOD_ERROR_ID = 'pay-method-error';

/** The offered methods, the customer's last one first and the rest in the shop's order. */
export const methodsInOrder = (lastUsed?: CheckoutMethod): CheckoutMethod[] =>
  lastUsed ? [lastUsed, ...CHECKOUT_METHODS.filter((method) => method !== lastUsed)] : [...CHECKOUT_METHODS];

/**
 * 결제 수단: one radio per way to pay, as tiles of equal size with each method's mark and name (a
 * native radio group: arrow keys move the choice, the legend names it). Nothing is chosen for the
 * customer (특정옵션 사전선택) but the method they paid with last.
 */
export function PayMethodChoice({ value, onChange, lastUsed, disabled, error }: Props) {
  return (
    <fieldset
      className="m-0 min-w-0 border-0 p-0"
      disabled={disabled}
      aria-describedby={error ? PAY_METHOD_ERROR_ID : undefined}
    >
      <legend className="mb-2 p-0 font-bold">결제 수단</legend>
      <div className="grid grid-cols-2 gap-2">
        {methodsInOrder(lastUsed).map((method) => (
          <label
            key={method}
            className="flex min-h-12 cursor-pointer items-center gap-1.5 rounded-md border border-line bg-white px-2 py-2 text-[13px] has-[:checked]:border-accent has-[:checked]:bg-[#eef3ff] has-[:checked]:font-bold has-[:disabled]:cursor-default"
          >
            <input
              type="radio"
              name="pay-method"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              className="m-0 shrink-0 accent-accent"
            />
            <PayMethodMark method={method} size={22} />
            <span className="min-w-0">
              {PAY_METHOD_NAMES[method]}
              {method === lastUsed && ' '}
              {method === lastUsed && <span className="block text-xs font-normal text-muted">최근 사용</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={PAY_METHOD_ERROR_ID} role="alert" className="field-error m-0 mt-2">
          {error}
        </p>
      )}
    </fieldset>
  );
}
