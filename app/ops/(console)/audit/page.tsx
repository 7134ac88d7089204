import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditList } from '@/components/ops/audit-list';

export const metadata: Metadata = { title: '감사 로그' };

export default function OpsAuditListPage() {
  return (
    <section>
      <h1>감사 로그</h1>
      <Suspense fallback={<p aria-busy="true">불러오는 중…</p>}>
        <AuditList />
      </Suspense>
    </section>
  );
}
