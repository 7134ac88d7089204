'use client';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { FulfilmentAction } from '@/lib/orders/client';
import { CARRIERS, type Fulfilment } from '@/lib/orders/client';

/** The order's or the box's step hook (`useFulfilmentStep`, `useShipmentStep`). */
interface StepMutation {
  mutate(action: FulfilmentAction, options: { onSuccess(): void }): void;
  isPending: boolean;
  error: Error | null;
}

interface Props {
  /** The order's or the box's number: names the form and its fields. */
  name: string;
  fulfilment: Fulfilment;
  step: StepMutation;
  /** What a step came to, to be said above the queue (which the order or box may just have left). */
  onDone(said: string): void;
}

const stepDone: Record<FulfilmentAction['action'], string> = {
  prepare: '배송 준비를 시작했습니다.',
  ship: '발송 처리했습니다. 고객에게 운송장 번호를 메일로 알립니다.',
  deliver: '배송 완료로 처리했습니다.',
};

/** The console's steps on goods' way, for an order and a subscription box alike: 준비 → 발송 (carrier, tracking) → 배송 완료. */
export function FulfilmentSteps({ name, fulfilment, step, onDone }: Props) {
  const { isPending: pending, error } = step;
  const onStep = (action: FulfilmentAction) =>
    step.mutate(action, { onSuccess: () => onDone(stepDone[action.action]) });
  const [carrier, setCarrier] = useState<string>(CARRIERS[0]);
  const [tracking, setTracking] = useState('');
  const id = `ship-${name}`;
  return (
    <div>
      {error && <Alert>{error.message}</Alert>}
      {fulfilment === 'ordered' && (
        <Button variant="secondary" disabled={pending} onClick={() => onStep({ action: 'prepare' })}>
          배송 준비 시작
        </Button>
      )}
      {(fulfilment === 'ordered' || fulfilment === 'preparing') && (
        <form
          method="post"
          className="ops-filters"
          aria-label={`${name} 발송`}
          onSubmit={(event) => {
            event.preventDefault();
            onStep({ action: 'ship', carrier: carrier as (typeof CARRIERS)[number], trackingNumber: tracking });
          }}
        >
          <Field id={`${id}-carrier`} label="택배사">
            {(control) => (
              <select {...control} value={carrier} onChange={(event) => setCarrier(event.target.value)}>
                {CARRIERS.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-tracking`} label="운송장 번호">
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                maxLength={30}
                required
                value={tracking}
                onChange={(event) => setTracking(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" disabled={pending}>
            발송 처리
          </Button>
        </form>
      )}
      {fulfilment === 'shipped' && (
        <Button disabled={pending} onClick={() => onStep({ action: 'deliver' })}>
          배송 완료 처리
        </Button>
      )}
    </div>
  );
}
