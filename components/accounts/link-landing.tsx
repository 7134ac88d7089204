import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';

/** The props Next gives a page that a mailed one-time link opens (`/page?token=…`). */
export type LinkPageProps = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * Where a mailed one-time link lands (a password reset, an email change): the page's heading, then
 * the flow's form for the token, or — no token, or the query repeated — `invalid`, saying where to
 * ask for a new link. The form acts only on a button: a mail scanner following the link changes nothing.
 */
export function LinkLanding({
  title,
  token,
  invalid,
  children,
}: {
  title: string;
  token: string | string[] | undefined;
  invalid: ReactNode;
  children: (token: string) => ReactNode;
}) {
  return (
    <section className="narrow">
      <h1>{title}</h1>
      {typeof token === 'string' && token ? children(token) : <Alert>{invalid}</Alert>}
    </section>
  );
}
