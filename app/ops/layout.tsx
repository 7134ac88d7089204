import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './ops.css';

export const metadata: Metadata = {
  title: { default: '운영 콘솔', template: '%s · 운영 콘솔' },
  robots: { index: false },
};

// The console's stylesheet loads on its pages only.
export default function OpsLayout({ children }: { children: ReactNode }) {
  return <div className="ops">{children}</div>;
}
