'use client';
import Link from 'next/link';
import { usePaymentSearch } from '@/lib/browser/ops/payments';
import { useUrlFilters } from '@/lib/browser/ops/url-filters';
import { formatWon } from '@/lib/shared/format';
import { paymentKindLabel, recordStatusLabel } from '@/lib/shared/ops';
import { FilterForm, optionsOf } from './filter-form';
import { isoToLocal, Pager, QueryState } from './query-state';

const fields = [
  { name: 'email', label: '고객 이메일', type: 'email' as const },
  { name: 'merchantUid', label: '주문번호 (merchant_uid)' },
  { name: 'impUid', label: '결제번호 (imp_uid)' },
  { name: 'status', label: '상태', options: optionsOf(recordStatusLabel) },
  { name: 'kind', label: '종류', options: optionsOf(paymentKindLabel) },
  { name: 'from', label: '시작일', type: 'date' as const },
  { name: 'to', label: '종료일', type: 'date' as const },
];

/** /ops: orders and subscription charges, searched on the server; the filters are the URL's. */
export function PaymentSearch() {
  const { filters, query, setFilters } = useUrlFilters();
  const { data, isPending, error, isFetching } = usePaymentSearch(query);
  return (
    <>
      <FilterForm label="결제 검색 조건" fields={fields} values={filters} onSubmit={setFilters} />
      <QueryState isPending={isPending} error={error}>
        {data && (
          <>
            <table className="ops-table break-keep" aria-busy={isFetching || undefined}>
              <caption>검색 결과</caption>
              <thead>
                <tr>
                  <th scope="col">주문번호</th>
                  <th scope="col">종류</th>
                  <th scope="col">상품</th>
                  <th scope="col">금액</th>
                  <th scope="col">환불</th>
                  <th scope="col">상태</th>
                  <th scope="col">고객</th>
                  <th scope="col">생성</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.length === 0 && (
                  <tr>
                    <td colSpan={8}>조건에 맞는 결제가 없습니다.</td>
                  </tr>
                )}
                {data.rows.map((row) => (
                  <tr key={row.merchantUid}>
                    <td>
                      <Link href={`/ops/payments/${encodeURIComponent(row.merchantUid)}`} className="mono">
                        {row.merchantUid}
                      </Link>
                    </td>
                    <td>{paymentKindLabel[row.kind]}</td>
                    <td>{row.name}</td>
                    <td>{formatWon(row.amount)}</td>
                    <td>{row.refundedAmount ? formatWon(row.refundedAmount) : '—'}</td>
                    <td>{recordStatusLabel[row.status]}</td>
                    <td>{row.customerEmail}</td>
                    <td>{isoToLocal(row.createdAt)}</td>
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
