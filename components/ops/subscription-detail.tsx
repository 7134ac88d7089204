'use client';
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { Field } from '@/components/ui/field';
import { Panel } from '@/components/ui/panel';
import { customerLabel } from '@/lib/accounts/client';
import { type SubscriptionAction, useSubscriptionAction, useSubscriptionDetail } from '@/lib/browser/client';
import {
  consentWaitLabel,
  hasRole,
  type RecordStatus,
  recordStatusLabel,
  type SubscriptionDetail,
} from '@/lib/ops/client';
import { endReasonLabel, subscriptionStatusLabel } from '@/lib/subscriptions/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { AuditTable } from './audit-table';
import { OperatorConsentLog } from './operator-consent-log';
import { useConsoleOperator } from './ops-providers';
import { QueryState } from './query-state';

const time = (seconds: number | null) => (seconds ? formatDateTime(seconds) : '—');
const kindLabel = { first: '첫 결제', renewal: '정기결제', retry: '재시도' } as const;
const actionLabel: Record<SubscriptionAction, string> = {
  cancel: '기간 끝에 해지',
  'cancel-now': '지금 해지 (남은 기간 환불)',
  retry: '실패한 결제 지금 재시도',
  rebook: '빠진 예약 다시 걸기',
};

function bookingText(booking: SubscriptionDetail['booking']): string {
  if (!booking) return '기다리는 예약이 없습니다.';
  if (booking.status === 'missing') return `결제 서비스에 예약이 없습니다 (${booking.merchantUid}).`;
  if (booking.status === 'error') return booking.message;
  const state = { scheduled: '예약됨', executed: '실행됨', revoked: '취소됨 (서비스 쪽)' }[booking.status];
  return `${state} · ${time(booking.scheduleAt)} · ${formatWon(booking.amount)}${booking.failReason ? ` · ${booking.failReason}` : ''}`;
}

/** /ops/subscriptions/{id}: periods, charges, the booking as the service holds it, dunning, actions. */
export function SubscriptionDetailView({ id }: { id: string }) {
  const operator = useConsoleOperator();
  const { data, isPending, error } = useSubscriptionDetail(id);
  const action = useSubscriptionAction(id);
  const [note, setNote] = useState('');
  const run = (name: SubscriptionAction, close?: () => void) =>
    action.mutate({ action: name, note }, { onSettled: close });
  // Goods (an address on record): the running period's box ships anyway, so it is not refunded.
  const goods = Boolean(data?.subscription.shipping);
  const confirmations = {
    cancel: {
      title: '기간 끝에 해지할까요?',
      description: '지금 기간이 끝나면 더 결제하지 않고 구독이 끝납니다.',
      confirmLabel: '기간 끝에 해지',
    },
    'cancel-now': {
      title: '지금 해지할까요?',
      description: goods
        ? '결제된 이번 회차 상자는 환불하지 않고 그대로 발송하며, 다음 상자와 결제가 멈춥니다.'
        : '구독이 바로 끝나고 남은 기간만큼 환불합니다.',
      confirmLabel: goods ? '지금 해지' : '지금 해지하고 환불',
    },
  } as const;
  return (
    <QueryState isPending={isPending} error={error}>
      {data && (
        <>
          <h1>
            {data.subscription.planName} · {customerLabel(data.customer.email)}
          </h1>
          <Panel variant="console" aria-labelledby="sub-state">
            <h2 id="sub-state">상태</h2>
            <dl>
              <dt>구독번호</dt>
              <dd>
                {data.subscription.number}
                {data.subscription.shipping && (
                  <>
                    {' · '}
                    <Link href={`/ops/orders?number=${data.subscription.number}`}>정기배송 상자 보기</Link>
                  </>
                )}
              </dd>
              <dt>상태</dt>
              <dd>
                {subscriptionStatusLabel[data.subscription.status]}
                {data.subscription.cancelAtPeriodEnd &&
                  data.subscription.status === 'active' &&
                  ` · 기간 끝에 해지${data.subscription.endReason === 'price_declined' ? ' (바뀐 가격에 동의하지 않음)' : data.subscription.endReason === 'trial_not_converted' ? ' (유료 전환에 동의하지 않음)' : ''}`}
                {data.subscription.status === 'cancelled' &&
                  data.subscription.endReason &&
                  ` · 종료 사유: ${endReasonLabel[data.subscription.endReason]}`}
              </dd>
              {data.subscription.consentWait && (
                <>
                  <dt>{consentWaitLabel[data.subscription.consentWait.kind]}</dt>
                  <dd>
                    {time(data.subscription.consentWait.asksFrom)}부터 묻는 중
                    {data.subscription.consentWait.newAmount !== undefined &&
                      ` (바뀌는 가격 ${formatWon(data.subscription.consentWait.newAmount)})`}
                    · 동의가 없으면 {time(data.subscription.consentWait.endsAt)}에 결제 없이 종료
                  </dd>
                </>
              )}
              <dt>현재 기간</dt>
              <dd>
                {time(data.subscription.currentPeriodStart)} ~ {time(data.subscription.currentPeriodEnd)}
              </dd>
              <dt>카드</dt>
              <dd>{data.subscription.card}</dd>
              {data.subscription.shipping && (
                <>
                  <dt>배송지 (결제된 회차마다 상자 하나)</dt>
                  <dd>
                    {data.subscription.shipping.recipient} · {data.subscription.shipping.phone} · (
                    {data.subscription.shipping.postcode}) {data.subscription.shipping.address}{' '}
                    {data.subscription.shipping.addressDetail}
                    {data.subscription.shipping.note && ` · 요청사항: ${data.subscription.shipping.note}`}
                  </dd>
                </>
              )}
              <dt>결제 서비스의 예약</dt>
              <dd>{bookingText(data.booking)}</dd>
              {data.dunning && (
                <>
                  <dt>미납 재시도</dt>
                  <dd>
                    {data.dunning.attempt}회차 · {time(data.dunning.nextRetryAt)}
                    {data.dunning.lastFailure && ` · 마지막 실패: ${data.dunning.lastFailure}`}
                  </dd>
                </>
              )}
            </dl>
          </Panel>
          {hasRole(operator.role, 'admin') && (
            <Panel variant="console" aria-labelledby="sub-actions">
              <h2 id="sub-actions">조치</h2>
              {action.isSuccess && <Alert tone="success">처리했습니다.</Alert>}
              {action.error && <Alert>{action.error.message}</Alert>}
              <Field id="action-note" label="메모">
                {(control) => (
                  <input {...control} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
                )}
              </Field>
              <div className="ops-actions">
                {(['cancel', 'cancel-now', 'retry', 'rebook'] as const).map((name) => {
                  const allowed = {
                    cancel: data.actions.cancelAtPeriodEnd,
                    'cancel-now': data.actions.cancelNow,
                    retry: data.actions.retryNow,
                    rebook: data.actions.rebook,
                  }[name];
                  const label =
                    name === 'cancel-now' && data.subscription.shipping
                      ? '지금 해지 (결제된 회차는 환불 없음)'
                      : actionLabel[name];
                  if (name === 'cancel' || name === 'cancel-now') {
                    return (
                      <ConfirmButton
                        key={name}
                        label={label}
                        disabled={!allowed || action.isPending}
                        {...confirmations[name]}
                        destructive={name === 'cancel-now'}
                        pending={action.isPending}
                        pendingLabel="처리 중…"
                        onConfirm={(close) => run(name, close)}
                      />
                    );
                  }
                  return (
                    <Button
                      key={name}
                      disabled={!allowed || action.isPending}
                      aria-busy={(action.isPending && action.variables?.action === name) || undefined}
                      onClick={() => run(name)}
                    >
                      {label}
                    </Button>
                  );
                })}
              </div>
            </Panel>
          )}
          <table className="ops-table break-keep">
            <caption>결제 (최신 순)</caption>
            <thead>
              <tr>
                <th scope="col">주문번호</th>
                <th scope="col">구분</th>
                <th scope="col">기간</th>
                <th scope="col">예약 시각</th>
                <th scope="col">금액</th>
                <th scope="col">상태</th>
              </tr>
            </thead>
            <tbody>
              {data.charges.map((charge) => (
                <tr key={charge.merchantUid}>
                  <td>
                    <Link className="mono" href={`/ops/payments/${encodeURIComponent(charge.merchantUid)}`}>
                      {charge.merchantUid}
                    </Link>
                  </td>
                  <td>
                    {kindLabel[charge.kind]}
                    {charge.kind === 'retry' && ` ${charge.attempt}회차`}
                  </td>
                  <td>
                    {time(charge.periodStart)} ~ {time(charge.periodEnd)}
                  </td>
                  <td>{time(charge.scheduleAt)}</td>
                  <td>
                    {formatWon(charge.amount)}
                    {charge.refundedAmount > 0 && ` (환불 ${formatWon(charge.refundedAmount)})`}
                  </td>
                  <td>
                    {recordStatusLabel[charge.status as RecordStatus] ?? charge.status}
                    {charge.failReason && ` · ${charge.failReason}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <OperatorConsentLog consents={data.consents} />
          <AuditTable rows={data.audit} caption="이 구독에 대한 운영 기록" />
        </>
      )}
    </QueryState>
  );
}
