'use client';
import type { ReactNode } from 'react';
import { useWithdrawn } from '@/lib/browser/client';

/** The account's personal data on the page: gone the moment the account is withdrawn. */
export function HideAfterWithdrawal({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useWithdrawn() ? fallback : children;
}
