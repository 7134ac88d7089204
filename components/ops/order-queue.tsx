'use client';
import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import { ShippingFacts } from '@/components/orders/order-facts';
import { PayMethodName } from '@/components/payments/pay-method-mark';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { Field } from '@/components/ui/field';
import { Panel } from '@/components/ui/panel';
import { WITHDRAWN_NAME } from '@/lib/accounts/client';
import { useFulfilmentStep, useOrderQueue, useReturnDecision, useUrlFilters } from '@/lib/browser/client';
import { OPS_ORDER_QUEUES, type OpsOrder, opsOrderQueueLabel, payMethodOptions } from '@/lib/ops/client';
import { fulfilmentLabel, proposedReturnFee, RETURN_SHIPPING, returnStatusLabel } from '@/lib/orders/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { CardList } from './card-list';
import { FulfilmentSteps } from './fulfilment-steps';
import { OptionsField } from './options-field';
import { ShipmentQueue } from './shipment-queue';

/** /ops/orders: the queue to ship, on the way, returns asked for, recent; one order by its number. */
export function OrderQueue() {
  const { filters, query, setFilters } = useUrlFilters();
  const current = filters.queue ?? 'to_ship';
  const list = useOrderQueue(query);
  // What the last action came to: said above the queue, which the order may just have left — and
  // only on the view it was done in (another tab or a search drops it).
  const [done, setDone] = useState<{ text: string; query: string }>();
  const notice = done?.query === query ? done.text : undefined;
  const setNotice = (text: string) => setDone({ text, query });
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilters({
      number: String(form.get('number') ?? '').trim() || undefined,
      method: String(form.get('method') ?? '') || undefined,
    });
  };
  // A queue's tab keeps the method chosen.
  const methodQuery = filters.method ? `&method=${encodeURIComponent(filters.method)}` : '';
  return (
    <>
      <nav aria-label="주문 구분" className="ops-actions">
        {OPS_ORDER_QUEUES.map((queue) => {
          const here = current === queue && !filters.number;
          return (
            <Link
              key={queue}
              href={`/ops/orders?queue=${queue}${methodQuery}`}
              aria-current={here ? 'page' : undefined}
              className={buttonClassName(here ? 'primary' : 'secondary')}
            >
              {opsOrderQueueLabel[queue]}
            </Link>
          );
        })}
      </nav>
      <form
        method="get"
        className="ops-filters"
        onSubmit={search}
        aria-label="주문번호로 찾기"
        key={`${filters.number}:${filters.method}`}
      >
        <Field id="order-number" label="주문번호 또는 구독번호">
          {(control) => (
            <input {...control} name="number" defaultValue={filters.number ?? ''} placeholder="261127-048213" />
          )}
        </Field>
        <OptionsField
          id="order-method"
          name="method"
          label="결제수단"
          options={payMethodOptions}
          defaultValue={filters.method ?? ''}
          blankLabel="전체"
        />
        <Button type="submit">찾기</Button>
      </form>
      {notice && (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      )}
      <CardList result={list} label="주문" empty="해당하는 주문이 없습니다." rowKey={(order) => order.orderNumber}>
        {(order) => <OrderCard order={order} onDone={setNotice} />}
      </CardList>
      <ShipmentQueue query={query} queue={current} onDone={setNotice} />
    </>
  );
}

type Done = (message: string) => void;

function OrderCard({ order, onDone }: { order: OpsOrder; onDone: Done }) {
  return (
    <Panel as="li" variant="console" aria-label={`주문 ${order.orderNumber}`}>
      <h2>
        {order.orderNumber} · {order.productName} × {order.quantity}
      </h2>
      {order.customerWithdrawn && (
        <Alert tone="info">
          <p>
            <strong>{WITHDRAWN_NAME}</strong>의 주문입니다. 탈퇴와 관계없이 배송하고, 고객센터로 취소·반품(청약철회)
            요청이 오면 <Link href={`/ops/payments/${order.merchantUid}`}>결제 상세</Link>에서 환불해 주세요. 고객에게는
            메일이 가지 않습니다.
          </p>
        </Alert>
      )}
      <dl>
        <dt>결제</dt>
        <dd>
          <PayMethodName method={order.payMethod} /> ·{' '}
          <Link href={`/ops/payments/${order.merchantUid}`}>{formatWon(order.amount)}</Link>
          {order.paidAt ? ` · ${formatDateTime(order.paidAt)}` : ''}
          {order.refundedAmount > 0 && ` · 환불 ${formatWon(order.refundedAmount)}`}
        </dd>
        <dt>배송 상태</dt>
        <dd>
          {fulfilmentLabel[order.fulfilment]}
          {order.carrier && ` · ${order.carrier} ${order.trackingNumber}`}
        </dd>
        {order.shipping && <ShippingFacts shipping={order.shipping} />}
        {order.returnStatus && (
          <>
            <dt>반품</dt>
            <dd>
              {returnStatusLabel[order.returnStatus]} · 사유: {order.returnReason}
            </dd>
          </>
        )}
      </dl>
      {order.status === 'paid' && <Steps order={order} onDone={onDone} />}
      {order.returnStatus === 'requested' && <ReturnDecisionForm order={order} onDone={onDone} />}
    </Panel>
  );
}

function Steps({ order, onDone }: { order: OpsOrder; onDone: Done }) {
  const step = useFulfilmentStep(order.orderNumber);
  return (
    <FulfilmentSteps
      name={order.orderNumber}
      fulfilment={order.fulfilment}
      step={step}
      onDone={(said) => onDone(`주문 ${order.orderNumber}: ${said}`)}
    />
  );
}

function ReturnDecisionForm({ order, onDone }: { order: OpsOrder; onDone: Done }) {
  const decide = useReturnDecision(order.orderNumber);
  // The shop's rule, stated before the purchase: a change of mind pays the way back and forth.
  const [fee, setFee] = useState(String(proposedReturnFee(order.returnReason)));
  const [reason, setReason] = useState('');
  const id = `return-${order.orderNumber}`;
  const feeValue = Number(fee.replaceAll(',', ''));
  const refund = order.amount - order.refundedAmount - (Number.isInteger(feeValue) ? feeValue : 0);
  return (
    <div>
      {decide.error && <Alert>{decide.error.message}</Alert>}
      <Field
        id={`${id}-fee`}
        label="반품 배송비 (원, 환불에서 제외)"
        hint={`단순 변심은 왕복 ${formatWon(RETURN_SHIPPING.changeOfMind)}, 파손·불량·오배송은 0원 (상품 안내에 밝힌 기준)`}
      >
        {(control) => (
          <input {...control} inputMode="numeric" value={fee} onChange={(event) => setFee(event.target.value)} />
        )}
      </Field>
      <ConfirmButton
        label="반품 승인"
        title="반품을 승인할까요?"
        description={
          <p>
            고객에게 <strong>{formatWon(Math.max(refund, 0))}</strong>을 환불합니다
            {feeValue > 0 ? ` (반품 배송비 ${formatWon(feeValue)} 제외)` : ' (전액)'}. 고객에게 메일로 알립니다.
          </p>
        }
        confirmLabel="승인하고 환불"
        pending={decide.isPending}
        onConfirm={(close) =>
          decide.mutate(
            { decision: 'approve', fee: feeValue },
            {
              onSettled: close,
              onSuccess: ({ refund }) => onDone(`주문 ${order.orderNumber}: 반품 승인 · ${refundWords(refund)}`),
            },
          )
        }
      />
      <Field id={`${id}-reason`} label="거절 사유">
        {(control) => (
          <textarea
            {...control}
            maxLength={500}
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <Button
        variant="secondary"
        disabled={decide.isPending}
        onClick={() =>
          decide.mutate(
            { decision: 'decline', reason },
            {
              onSuccess: () =>
                onDone(`주문 ${order.orderNumber}: 반품을 거절했습니다. 고객에게 사유를 메일로 알립니다.`),
            },
          )
        }
      >
        반품 거절
      </Button>
    </div>
  );
}

function refundWords(refund: { refund: string; amount: number } | null): string {
  if (!refund) return '환불할 금액이 없습니다.';
  if (refund.refund === 'made') return `${formatWon(refund.amount)}을 환불했습니다.`;
  if (refund.refund === 'pending') return '환불 결과를 확인하고 있습니다. 대사가 결제 서비스의 기록으로 마무리합니다.';
  return '환불하지 못했습니다. 감사 로그를 확인해 주세요.';
}
