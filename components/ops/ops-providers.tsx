'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useState } from 'react';
import type { OperatorRole } from '@/lib/ops/client';

export interface ConsoleOperator {
  email: string;
  role: OperatorRole;
}

const OperatorContext = createContext<ConsoleOperator | null>(null);

/** The signed-in operator, for showing only the actions their role allows (the server checks again). */
export function useConsoleOperator(): ConsoleOperator {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useConsoleOperator outside the console');
  return operator;
}

/** TanStack Query for the console only: customer pages keep SWR and never load this. */
export function OpsProviders({ operator, children }: { operator: ConsoleOperator; children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // Staff look at money: refetch on focus, but do not retry a refused request.
          queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true },
        },
      }),
  );
  return (
    <OperatorContext.Provider value={operator}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </OperatorContext.Provider>
  );
}
