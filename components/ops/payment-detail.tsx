'use client';
import Link from 'next/link';
import { ShippingFacts } from '@/components/orders/order-facts';
import { PayMethodName } from '@/components/payments/pay-method-mark';
import { Alert } from '@/components/ui/alert';
import { Panel } from '@/components/ui/panel';
import { customerLabel, isWithdrawnEmail } from '@/lib/accounts/client';
import { usePaymentDetail, useRefund } from '@/lib/browser/client';
import {
  hasRole,
  noticeStatusLabel,
  paymentKindLabel,
  recordStatusText,
  type ServicePaymentView,
  webhookOutcomeLabel,
} from '@/lib/ops/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { AuditTable } from './audit-table';
import { CashReceiptPanel } from './cash-receipt-panel';
import { useConsoleOperator } from './ops-providers';
import { QueryState } from './query-state';
import { RefundForm } from './refund-form';

const serviceStatusLabel: Record<ServicePaymentView['status'], string> = {
  ready: '미결제',
  paid: '결제 완료',
  failed: '실패',
  cancelled: '전액 취소',
};
const time = (seconds: number | null) => (seconds ? formatDateTime(seconds) : '—');

/** /ops/payments/{merchantUid}: our record and the service's, read live, side by side. */
export function PaymentDetailView({ merchantUid }: { merchantUid: string }) {
  const operator = useConsoleOperator();
  const { data, isPending, error } = usePaymentDetail(merchantUid);
  // Held here, not in the form: the form is remade when the balance changes, the outcome stays.
  const refund = useRefund(merchantUid);
  return (
    <QueryState isPending={isPending} error={error}>
      {data && (
        <>
          <h1>
            {data.record.name} <span className="mono">{data.record.merchantUid}</span>
          </h1>
          <div className="ops-columns">
            <Panel variant="console" aria-labelledby="ours">
              <h2 id="ours">우리 기록</h2>
              <dl>
                {data.record.orderNumber && (
                  <>
                    <dt>주문번호</dt>
                    <dd>
                      <Link href={`/ops/orders?number=${data.record.orderNumber}`}>{data.record.orderNumber}</Link>
                    </dd>
                  </>
                )}
                <dt>종류</dt>
                <dd>{paymentKindLabel[data.record.kind]}</dd>
                <dt>결제수단</dt>
                <dd>
                  <PayMethodName method={data.record.payMethod} />
                </dd>
                <dt>상태</dt>
                <dd>{recordStatusText(data.record.status, data.record.payMethod)}</dd>
                {data.record.vbank && (
                  <>
                    <dt>입금 계좌</dt>
                    <dd>
                      {data.record.vbank.bankName} <span className="mono">{data.record.vbank.accountNumber}</span>
                      {data.record.vbank.holder && ` (예금주 ${data.record.vbank.holder})`}
                    </dd>
                    <dt>입금기한</dt>
                    <dd>{time(data.record.vbank.due)}</dd>
                  </>
                )}
                <dt>금액</dt>
                <dd>{formatWon(data.record.amount)}</dd>
                <dt>환불</dt>
                <dd>{formatWon(data.record.refundedAmount)}</dd>
                <dt>결제 시각</dt>
                <dd>{time(data.record.paidAt)}</dd>
                {data.record.cardLabel && (
                  <>
                    <dt>카드</dt>
                    <dd>{data.record.cardLabel}</dd>
                  </>
                )}
                {data.record.failReason && (
                  <>
                    <dt>사유</dt>
                    <dd>{data.record.failReason}</dd>
                  </>
                )}
                {data.record.subscriptionId && (
                  <>
                    <dt>구독</dt>
                    <dd>
                      <Link href={`/ops/subscriptions/${data.record.subscriptionId}`}>구독 보기</Link> · 기간{' '}
                      {time(data.record.periodStart)} ~ {time(data.record.periodEnd)}
                    </dd>
                  </>
                )}
                {data.record.delivery && (
                  <>
                    <ShippingFacts shipping={data.record.delivery.shipping} />
                    <dt>배송 상태</dt>
                    <dd>
                      {data.record.delivery.state}
                      {data.record.delivery.carrier &&
                        ` · ${data.record.delivery.carrier} ${data.record.delivery.trackingNumber}`}
                    </dd>
                  </>
                )}
                <dt>고객</dt>
                <dd>
                  {isWithdrawnEmail(data.customer.email)
                    ? customerLabel(data.customer.email)
                    : `${data.customer.name} · ${data.customer.email}`}
                </dd>
              </dl>
            </Panel>
            <Panel variant="console" aria-labelledby="theirs">
              <h2 id="theirs">결제 서비스 기록 (실시간)</h2>
              {data.service === null && <p>결제 서비스에 이 주문의 결제가 없습니다.</p>}
              {data.service && 'error' in data.service && <Alert>{data.service.error}</Alert>}
              {data.service && !('error' in data.service) && <ServiceRecord payment={data.service} />}
            </Panel>
          </div>
          {data.record.cashReceipt && <CashReceiptPanel receipt={data.record.cashReceipt} />}
          {refund.isSuccess && (
            <Alert tone="success">
              {formatWon(refund.data.refunded)}을 환불했습니다. 남은 금액 {formatWon(refund.data.refundable)}
              {refund.data.endedSubscription && ' · 이번 기간 결제가 모두 환불되어 구독이 종료되었습니다.'}
            </Alert>
          )}
          {hasRole(operator.role, 'refunder') && data.refundable > 0 && (
            <RefundForm
              key={data.refundable}
              refund={refund}
              refundable={data.refundable}
              target={{
                name: data.record.name,
                customerEmail: isWithdrawnEmail(data.customer.email) ? null : data.customer.email,
                type: data.record.type,
              }}
              account={data.record.payMethod === 'vbank' ? { stored: data.record.refundAccount } : undefined}
            />
          )}
          <Panel variant="console" aria-labelledby="hooks">
            <h2 id="hooks">이 결제를 가리킨 웹훅</h2>
            {data.webhooks.length === 0 ? (
              <p>받은 웹훅이 없습니다.</p>
            ) : (
              <ul>
                {data.webhooks.map((hook) => (
                  <li key={hook.id}>
                    {formatDateTime(hook.receivedAt)} · {hook.status ? noticeStatusLabel(hook.status) : '—'} ·{' '}
                    {hook.outcome ? webhookOutcomeLabel(hook.outcome, data.record.payMethod) : '—'}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel variant="console" aria-labelledby="recon">
            <h2 id="recon">대사 기록</h2>
            {data.reconciliation.length === 0 ? (
              <p>대사에서 이 결제를 다룬 적이 없습니다.</p>
            ) : (
              <ul>
                {data.reconciliation.map((run) => (
                  <li key={run.runId}>
                    {formatDateTime(run.at)} · {run.lines.join(' / ')}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <AuditTable rows={data.audit} caption="이 결제에 대한 운영 기록" />
        </>
      )}
    </QueryState>
  );
}

function ServiceRecord({ payment }: { payment: ServicePaymentView }) {
  return (
    <dl>
      <dt>결제번호</dt>
      <dd className="mono">{payment.impUid}</dd>
      <dt>상태</dt>
      <dd>
        {payment.cancelAmount > 0 && payment.status === 'paid' ? '부분 취소' : serviceStatusLabel[payment.status]}
      </dd>
      <dt>결제수단</dt>
      <dd>
        <PayMethodName method={payment.method} />
      </dd>
      <dt>금액</dt>
      <dd>{formatWon(payment.amount)}</dd>
      <dt>취소 금액</dt>
      <dd>{formatWon(payment.cancelAmount)}</dd>
      {payment.card && (
        <>
          <dt>카드</dt>
          <dd>{payment.card}</dd>
        </>
      )}
      {payment.vbank && (
        <>
          <dt>가상계좌</dt>
          <dd>
            {payment.vbank.bankName} <span className="mono">{payment.vbank.accountNumber}</span> · 입금기한{' '}
            {time(payment.vbank.due)}
          </dd>
        </>
      )}
      <dt>결제 시각</dt>
      <dd>{time(payment.paidAt)}</dd>
      <dt>영수증</dt>
      <dd>
        {payment.receiptUrl ? (
          <a href={payment.receiptUrl} target="_blank" rel="noreferrer">
            영수증 보기
          </a>
        ) : (
          '—'
        )}
      </dd>
      {payment.failReason && (
        <>
          <dt>실패 사유</dt>
          <dd>{payment.failReason}</dd>
        </>
      )}
      <dt>취소 내역</dt>
      <dd>
        {payment.cancelHistory.length === 0 ? (
          '없음'
        ) : (
          <ol aria-label="취소 내역">
            {payment.cancelHistory.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the service's history is append-only
              <li key={index}>
                {time(entry.at)} · {formatWon(entry.amount)}
                {entry.reason && ` · ${entry.reason}`}
              </li>
            ))}
          </ol>
        )}
      </dd>
    </dl>
  );
}
