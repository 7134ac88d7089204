'use client';
import Link from 'next/link';
import { ShippingFacts } from '@/components/orders/order-facts';
import { Panel } from '@/components/ui/panel';
import { useShipmentQueue, useShipmentStep } from '@/lib/browser/client';
import type { OpsShipment } from '@/lib/ops/client';
import { fulfilmentLabel } from '@/lib/orders/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { CardList } from './card-list';
import { FulfilmentSteps } from './fulfilment-steps';

type Done = (message: string) => void;

/**
 * The goods subscriptions' boxes of the queue shown above them (the same filters in the URL): one
 * per paid period and one per free trial of goods, shipped with the same steps as an order.
 */
export function ShipmentQueue({ query, queue, onDone }: { query: string; queue: string; onDone: Done }) {
  const list = useShipmentQueue(query);
  // Boxes are not returned through the console: the 반품 요청 queue is orders' alone.
  if (queue === 'returns') return null;
  return (
    <section aria-labelledby="shipment-queue">
      <h2 id="shipment-queue">정기배송 상자</h2>
      <CardList
        result={list}
        label="정기배송 상자"
        empty="해당하는 정기배송 상자가 없습니다."
        rowKey={(box) => box.number}
      >
        {(box) => <ShipmentCard box={box} onDone={onDone} />}
      </CardList>
    </section>
  );
}

function ShipmentCard({ box, onDone }: { box: OpsShipment; onDone: Done }) {
  const step = useShipmentStep(box.number);
  const open = box.fulfilment !== 'cancelled' && box.fulfilment !== 'delivered';
  return (
    <Panel as="li" variant="console" aria-label={`정기배송 ${box.number}`}>
      <h3>
        {box.number} · {box.productName}
      </h3>
      <dl>
        <dt>구독</dt>
        <dd>
          <Link href={`/ops/subscriptions/${box.subscriptionId}`}>{box.subscriptionNumber}</Link> · {box.planName}
          {box.subscriptionEnding && ' · 해지됨 (결제된 회차라 그대로 발송)'}
        </dd>
        <dt>결제</dt>
        <dd>
          {box.charge ? (
            <>
              <Link href={`/ops/payments/${box.charge.merchantUid}`}>{formatWon(box.charge.amount)}</Link>
              {box.charge.paidAt ? ` · ${formatDateTime(box.charge.paidAt)}` : ''}
              {box.charge.refundedAmount > 0 && ` · 환불 ${formatWon(box.charge.refundedAmount)}`}
            </>
          ) : (
            '무료 체험 상자 (0원)'
          )}
        </dd>
        <dt>배송 상태</dt>
        <dd>
          {box.fulfilment === 'ordered' ? '발송 대기' : fulfilmentLabel[box.fulfilment]}
          {box.fulfilment === 'cancelled' && ' (결제가 전액 환불되어 보내지 않음)'}
          {box.carrier && ` · ${box.carrier} ${box.trackingNumber}`}
        </dd>
        <ShippingFacts shipping={box.shipping} />
      </dl>
      {open && (
        <FulfilmentSteps
          name={box.number}
          fulfilment={box.fulfilment}
          step={step}
          onDone={(said) => onDone(`정기배송 ${box.number}: ${said}`)}
        />
      )}
    </Panel>
  );
}
