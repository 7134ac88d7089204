'use client';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { apiFetch } from '@/lib/browser/api';
import { hasRole, roleLabel } from '@/lib/shared/operator-roles';
import { useConsoleOperator } from './ops-providers';

const links = [
  { href: '/ops', label: '결제 검색', role: 'viewer' },
  { href: '/ops/orders', label: '주문·배송', role: 'viewer' },
  { href: '/ops/subscriptions', label: '구독', role: 'viewer' },
  { href: '/ops/webhooks', label: '웹훅', role: 'viewer' },
  { href: '/ops/reconciliation', label: '대사', role: 'viewer' },
  { href: '/ops/audit', label: '감사 로그', role: 'viewer' },
  { href: '/ops/operators', label: '운영자', role: 'admin' },
] as const;

export function OpsNav() {
  const operator = useConsoleOperator();
  const pathname = usePathname();
  const router = useRouter();
  const signOut = async () => {
    await apiFetch('/api/ops/session', { method: 'DELETE' }).catch(() => undefined);
    router.replace('/ops/signin');
    router.refresh();
  };
  return (
    <nav className="ops-nav" aria-label="운영 콘솔">
      <strong>운영 콘솔</strong>
      <ul>
        {links
          .filter((link) => hasRole(operator.role, link.role))
          .map((link) => {
            const current =
              link.href === '/ops'
                ? pathname === '/ops' || pathname.startsWith('/ops/payments')
                : pathname.startsWith(link.href);
            return (
              <li key={link.href}>
                <Link href={link.href} aria-current={current ? 'page' : undefined}>
                  {link.label}
                </Link>
              </li>
            );
          })}
      </ul>
      <span className="ops-who">
        {operator.email} · {roleLabel[operator.role]}
      </span>
      <button type="button" className="button button-secondary" onClick={signOut}>
        로그아웃
      </button>
    </nav>
  );
}
