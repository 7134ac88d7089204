'use client';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { useUrlFilters } from '@/lib/browser/ops/url-filters';
import { useProcessAgain, useWebhookList } from '@/lib/browser/ops/webhooks';
import { hasRole } from '@/lib/shared/operator-roles';
import { FilterForm } from './filter-form';
import { useConsoleOperator } from './ops-providers';
import { isoToLocal, Pager, QueryState } from './query-state';

const fields = [
  { name: 'payment', label: 'imp_uid 또는 merchant_uid' },
  {
    name: 'outcome',
    label: '처리 결과',
    options: [
      { value: 'ok', label: '처리됨' },
      { value: 'ignored', label: '무시됨' },
      { value: 'error', label: '오류' },
    ],
  },
  { name: 'from', label: '시작일', type: 'date' as const },
  { name: 'to', label: '종료일', type: 'date' as const },
];

/** /ops/webhooks: deliveries received, with "process again" (refunder and up). */
export function WebhookList() {
  const operator = useConsoleOperator();
  const { filters, query, setFilters } = useUrlFilters();
  const { data, isPending, error, isFetching } = useWebhookList(query);
  const again = useProcessAgain();
  return (
    <>
      <FilterForm label="웹훅 검색 조건" fields={fields} values={filters} onSubmit={setFilters} />
      {again.isSuccess && <Alert tone="success">다시 처리했습니다: {again.data.delivery.outcome}</Alert>}
      {again.error && <Alert>{again.error.message}</Alert>}
      <QueryState isPending={isPending} error={error}>
        {data && (
          <>
            <table className="ops-table break-keep" aria-busy={isFetching || undefined}>
              <caption>받은 웹훅</caption>
              <thead>
                <tr>
                  <th scope="col">받은 시각</th>
                  <th scope="col">주문번호</th>
                  <th scope="col">알림 상태</th>
                  <th scope="col">본문</th>
                  <th scope="col">처리 결과</th>
                  <th scope="col">
                    <span className="visually-hidden">조치</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.length === 0 && (
                  <tr>
                    <td colSpan={6}>받은 웹훅이 없습니다.</td>
                  </tr>
                )}
                {data.rows.map((row) => (
                  <tr key={row.id}>
                    <td>{isoToLocal(row.receivedAt)}</td>
                    <td>
                      {row.merchantUid ? (
                        <Link className="mono" href={`/ops/payments/${encodeURIComponent(row.merchantUid)}`}>
                          {row.merchantUid}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>{row.status ?? '—'}</td>
                    <td>
                      <code className="mono">{row.body}</code>
                    </td>
                    <td>{row.outcome ?? '—'}</td>
                    <td>
                      {hasRole(operator.role, 'refunder') && (
                        <button
                          type="button"
                          className="button button-secondary"
                          disabled={again.isPending}
                          aria-label={`${row.merchantUid ?? row.id} 다시 처리`}
                          onClick={() => again.mutate(row.id)}
                        >
                          {again.isPending && again.variables === row.id ? '처리 중…' : '다시 처리'}
                        </button>
                      )}
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
