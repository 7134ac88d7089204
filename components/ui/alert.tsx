import type { ReactNode } from 'react';

/**
 * Errors interrupt (role=alert); other notices are polite status messages. `heardOnly`: the words
 * are already on screen under a field (a wrong password), so they are announced, not shown twice.
 */
export function Alert({
  tone = 'error',
  heardOnly = false,
  children,
}: {
  tone?: 'error' | 'info' | 'success';
  heardOnly?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={heardOnly ? 'visually-hidden' : `alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
