'use client';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';

/** The shop's own parts of the page (customer links, the footer): not in the operator console. */
export function ShopOnly({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  return pathname === '/ops' || pathname.startsWith('/ops/') ? null : children;
}
