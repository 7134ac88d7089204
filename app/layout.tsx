import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { ShopOnly } from '@/components/layout/shop-only';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { Toaster } from '@/components/ui/toaster';
import './globals.css';

export const metadata: Metadata = {
  title: { default: '임프 상점', template: '%s · 임프 상점' },
  description: '본인인증 가입, 카드 등록, 간편결제와 정기결제 데모 상점',
};

// Every page renders per request: proxy.ts gives each response a fresh CSP nonce, which Next puts
// on its scripts only while rendering (a page prerendered at build would carry none).
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="ko">
      {/* A column as tall as the screen: the footer sits at the bottom of a short page. */}
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
        >
          본문으로 건너뛰기
        </a>
        <Toaster>
          <SiteHeader />
          <main id="main" className="page w-full flex-1">
            {children}
          </main>
          <ShopOnly>
            <SiteFooter />
          </ShopOnly>
        </Toaster>
      </body>
    </html>
  );
}
