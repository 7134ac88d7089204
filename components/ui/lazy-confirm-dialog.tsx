'use client';
import dynamic from 'next/dynamic';

/**
 * ConfirmDialog loaded when first opened: the dialog primitive (~14 kB gzip) stays off the pages'
 * first load (the 20 kB budget, e2e/bundle-budget.spec.ts). Render it only while it is open.
 */
export const LazyConfirmDialog = dynamic(() => import('./confirm-dialog').then((module) => module.ConfirmDialog), {
  ssr: false,
});
