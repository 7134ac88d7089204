'use client';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toaster';
import { useRequest } from '@/components/ui/use-request';
import { type ShippingDetails, type ShippingField, shippingProblems } from '@/lib/values/client';
import { ShippingFields } from './shipping-fields';

interface Props {
  subscriptionId: string;
  shipping: ShippingDetails;
  /** A live subscription's address may be changed; an ended one's is only shown. */
  changeable: boolean;
  onChange(id: string, shipping: ShippingDetails): Promise<unknown>;
}

/** A goods subscription's 배송지, and the form to send the next deliveries elsewhere. */
export function SubscriptionShipping({ subscriptionId, shipping, changeable, onChange }: Props) {
  const [editing, setEditing] = useState<ShippingDetails>();
  const [errors, setErrors] = useState<Partial<Record<ShippingField, string>>>({});
  const { pending, error, run, summary } = useRequest();
  const toast = useToast();

  async function save(values: ShippingDetails) {
    const problems = shippingProblems(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (await run(() => onChange(subscriptionId, values))) {
      toast('배송지를 바꿨습니다. 아직 준비를 시작하지 않은 상자와 다음 회차부터 새 주소로 보내 드립니다.');
      setEditing(undefined);
    }
  }

  if (editing) {
    return (
      <form
        method="post"
        className="consent-box flex flex-col gap-4"
        aria-label="배송지 변경"
        onSubmit={(event) => {
          event.preventDefault();
          void save(editing);
        }}
      >
        <ShippingFields
          legend="새 배송지"
          values={editing}
          onChange={(values) => {
            setEditing(values);
            setErrors({});
          }}
          errors={errors}
          disabled={pending}
        />
        {error && <Alert heardOnly={!summary}>{error}</Alert>}
        <div className="button-row">
          <Button type="submit" pending={pending} pendingLabel="저장하고 있습니다…">
            배송지 저장
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => setEditing(undefined)}>
            닫기
          </Button>
        </div>
      </form>
    );
  }
  return (
    <section aria-label="배송지" className="flex flex-col gap-2">
      <p className="m-0">
        <strong>배송지</strong> {shipping.recipient} · {shipping.phone}
        <br />({shipping.postcode}) {shipping.address} {shipping.addressDetail}
        {shipping.note && (
          <>
            <br />
            요청사항: {shipping.note}
          </>
        )}
      </p>
      {changeable && (
        <div>
          <Button variant="secondary" onClick={() => setEditing(shipping)}>
            배송지 변경
          </Button>
        </div>
      )}
    </section>
  );
}
