import type { ReactNode } from 'react';
import { OpsNav } from '@/components/ops/ops-nav';
import { OpsProviders } from '@/components/ops/ops-providers';
import { requireOperatorPage } from '@/lib/routes';

// Every console page is behind an operator's session, checked on the server per request.
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperatorPage();
  return (
    <OpsProviders operator={{ email: operator.email, role: operator.role }}>
      <OpsNav />
      {children}
    </OpsProviders>
  );
}
