import type { OperatorRole } from '@/lib/ops/client';

interface ConsoleSection {
  href: string;
  /** The nav's link, the page's heading and its title. */
  title: string;
  /** Who sees it; every operator unless named. */
  role?: OperatorRole;
}

/** The console's sections, in the nav's order. */
export const consoleSections = {
  payments: { href: '/ops', title: '결제 검색' },
  orders: { href: '/ops/orders', title: '주문·배송' },
  deposits: { href: '/ops/deposits', title: '입금 대기' },
  owedRefunds: { href: '/ops/owed-refunds', title: '돌려줄 돈' },
  subscriptions: { href: '/ops/subscriptions', title: '구독' },
  webhooks: { href: '/ops/webhooks', title: '웹훅' },
  reconciliation: { href: '/ops/reconciliation', title: '대사' },
  audit: { href: '/ops/audit', title: '감사 로그' },
  operators: { href: '/ops/operators', title: '운영자', role: 'admin' },
} as const satisfies Record<string, ConsoleSection>;

export type ConsoleSectionName = keyof typeof consoleSections;

/** The nav's links, in order. */
export const consoleNav: readonly ConsoleSection[] = Object.values(consoleSections);
