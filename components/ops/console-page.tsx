import type { Metadata } from 'next';
import { type ReactNode, Suspense } from 'react';
import { type ConsoleSectionName, consoleSections } from './console-sections';

/** A console section's page title (the layout adds "· 운영 콘솔"). */
export const consolePageMetadata = (section: ConsoleSectionName): Metadata => ({
  title: consoleSections[section].title,
});

/** A console section's page: its heading, then its view (which reads the URL's filters, hence Suspense). */
export function ConsolePage({ section, children }: { section: ConsoleSectionName; children: ReactNode }) {
  return (
    <section>
      <h1>{consoleSections[section].title}</h1>
      <Suspense fallback={<p aria-busy="true">불러오는 중…</p>}>{children}</Suspense>
    </section>
  );
}
