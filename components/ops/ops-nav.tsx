'use client';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { apiFetch } from '@/lib/browser/client';
import { hasRole, roleLabel } from '@/lib/ops/client';
import { consoleNav } from './console-sections';
import { useConsoleOperator } from './ops-providers';

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
        {consoleNav
          .filter((link) => hasRole(operator.role, link.role ?? 'viewer'))
          .map((link) => {
            const current =
              link.href === '/ops'
                ? pathname === '/ops' || pathname.startsWith('/ops/payments')
                : pathname.startsWith(link.href);
            return (
              <li key={link.href}>
                <Link href={link.href} aria-current={current ? 'page' : undefined}>
                  {link.title}
                </Link>
              </li>
            );
          })}
      </ul>
      <span className="ops-who">
        {operator.email} · {roleLabel[operator.role]}
      </span>
      <Button variant="secondary" onClick={signOut}>
        로그아웃
      </Button>
    </nav>
  );
}
