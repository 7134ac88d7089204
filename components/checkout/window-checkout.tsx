'use client';
import { Button } from '@/components/ui/button';
import type { useImpOnIntent } from '@/lib/browser/client';
import type { CheckoutMethod } from '@/lib/payments/client';
import { formatWon } from '@/lib/values/client';
import { PayMethodChoice } from './pay-method-choice';
import { payButtonLabel, payMethodHint } from './pay-method-words';

interface Props {
  /** Undefined until the customer chooses (a first purchase: nothing is chosen for them). */
  method: CheckoutMethod | undefined;
  onMethodChange(method: CheckoutMethod): void;
  lastUsed?: CheckoutMethod;
  /** 결제 수단을 선택해 주세요, after a click with none chosen. */
  error?: string;
  /** 총 결제금액, shipping included: what the window will ask for. */
  total: number;
  disabled?: boolean;
  onPay(): void;
  /** The pay button's props that load the service's script ahead of the click. */
  intent: ReturnType<typeof useImpOnIntent>;
}

/** 결제 수단 and its button: the service's window for the chosen method, at the total beside it. */
export function WindowCheckout({ method, onMethodChange, lastUsed, error, total, disabled, onPay, intent }: Props) {
  return (
    <div className="flex flex-col gap-3">
      <PayMethodChoice value={method} onChange={onMethodChange} lastUsed={lastUsed} disabled={disabled} error={error} />
      {method && <p className="m-0 text-sm text-muted">{payMethodHint[method]}</p>}
      <p className="m-0 flex items-baseline justify-between gap-4">
        <span>결제 금액</span>
        <strong className="text-lg">{formatWon(total)}</strong>
      </p>
      <Button {...intent} onClick={onPay} disabled={disabled}>
        {method ? payButtonLabel[method] : '결제하기'}
      </Button>
    </div>
  );
}
