import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AccountMenu } from '@/components/accounts/account-menu';
import './globals.css';

export const metadata: Metadata = {
  title: { default: '임프 상점', template: '%s · 임프 상점' },
  description: '본인인증 가입, 카드 등록, 간편결제와 정기결제 데모 상점',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="ko">
      <body>
        <header className="site-header">
          <Link href="/" className="brand">
            임프 상점
          </Link>
          <AccountMenu />
        </header>
        <main className="page">{children}</main>
      </body>
    </html>
  );
}
