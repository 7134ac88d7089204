'use client';
import Link from 'next/link';
import { useSubscriptionList } from '@/lib/browser/ops/subscriptions';
import { useUrlFilters } from '@/lib/browser/ops/url-filters';
import { formatDateTime, formatWon } from '@/lib/shared/format';
import { subscriptionStatusLabel } from '@/lib/shared/subscriptions';
import { FilterForm, optionsOf } from './filter-form';
import { Pager, QueryState } from './query-state';

const fields = [
  { name: 'email', label: '고객 이메일', type: 'email' as const },
  { name: 'status', label: '상태', options: optionsOf(subscriptionStatusLabel) },
  { name: 'missingBooking', label: '예약', options: [{ value: '1', label: '예약 없음 (이용 중)' }] },
];

export function SubscriptionList() {
  const { filters, query, setFilters } = useUrlFilters();
  const { data, isPending, error, isFetching } = useSubscriptionList(query);
  return (
    <>
      <FilterForm label="구독 검색 조건" fields={fields} values={filters} onSubmit={setFilters} />
      <QueryState isPending={isPending} error={error}>
        {data && (
          <>
            <table className="ops-table break-keep" aria-busy={isFetching || undefined}>
              <caption>구독</caption>
              <thead>
                <tr>
                  <th scope="col">요금제</th>
                  <th scope="col">고객</th>
                  <th scope="col">상태</th>
                  <th scope="col">현재 기간 끝</th>
                  <th scope="col">다음 결제</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.length === 0 && (
                  <tr>
                    <td colSpan={5}>조건에 맞는 구독이 없습니다.</td>
                  </tr>
                )}
                {data.rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <Link href={`/ops/subscriptions/${row.id}`}>
                        {row.planName} · {formatWon(row.amount)}
                      </Link>
                    </td>
                    <td>{row.customerEmail}</td>
                    <td>
                      {subscriptionStatusLabel[row.status]}
                      {row.cancelAtPeriodEnd && row.status === 'active' && ' · 해지 예정'}
                    </td>
                    <td>{row.currentPeriodEnd ? formatDateTime(row.currentPeriodEnd) : '—'}</td>
                    <td>
                      {row.openCharge?.scheduleAt
                        ? `${formatDateTime(row.openCharge.scheduleAt)}${row.openCharge.kind === 'retry' ? ` (재시도 ${row.openCharge.attempt}회차)` : ''}`
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => setFilters({ page: String(page) }, { keepPage: true })}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
