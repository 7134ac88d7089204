import { PayMethodName } from '@/components/payments/pay-method-mark';
import { CardLabel } from '@/components/ui/card-label';
import { type OrderSummary, orderMethodLabel } from '@/lib/orders/client';
import type { ShippingDetails } from '@/lib/values/client';

/**
 * The lines of an order that read the same wherever it is listed (the customer's list and order
 * page, the console's queue): terms and details inside the caller's `<dl>`.
 */
export function PaymentMethodFacts({
  order,
}: {
  order: Pick<OrderSummary, 'method' | 'cardLabel'> & Partial<Pick<OrderSummary, 'payMethod'>>;
}) {
  // A window paid otherwise than by card (가상계좌, a wallet, …) is named by its method.
  const byMethod = order.method === 'window' && order.payMethod && order.payMethod !== 'card';
  return (
    <>
      <dt>결제 수단</dt>
      <dd>
        {byMethod && order.payMethod ? <PayMethodName method={order.payMethod} /> : orderMethodLabel[order.method]}
        {order.cardLabel && (
          <>
            {' · '}
            <CardLabel label={order.cardLabel} />
          </>
        )}
      </dd>
    </>
  );
}

/** Who receives the goods, where, and the customer's 배송 요청사항 (for the courier: shown to the operator too). */
export function ShippingFacts({ shipping }: { shipping: ShippingDetails }) {
  return (
    <>
      <dt>받는 분</dt>
      <dd>
        {shipping.recipient} · {shipping.phone}
      </dd>
      <dt>배송지</dt>
      <dd>
        ({shipping.postcode}) {shipping.address} {shipping.addressDetail}
      </dd>
      {shipping.note.trim() && (
        <>
          <dt>배송 요청사항</dt>
          <dd>{shipping.note}</dd>
        </>
      )}
    </>
  );
}
