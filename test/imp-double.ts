// The service's browser script cannot run in jsdom, so component tests install this double of
// window.IMP and decide what each callback receives. The real
// script and windows are exercised by the Playwright suite.
import { vi } from 'vitest';
import type { CertificationResponse, Imp, RequestPayResponse } from '@/lib/browser/imp-types';

export function installImpDouble(answers: { certification?: CertificationResponse; pay?: RequestPayResponse }) {
  const imp = {
    init: vi.fn(),
    certification: vi.fn((_params, callback: (rsp: CertificationResponse) => void) =>
      callback(answers.certification ?? { success: false, error_msg: 'no answer configured' }),
    ),
    request_pay: vi.fn((_params, callback: (rsp: RequestPayResponse) => void) =>
      callback(answers.pay ?? { success: false, error_msg: 'no answer configured' }),
    ),
  } satisfies Imp;
  window.IMP = imp;
  return imp;
}

/** jsdom has no matchMedia; `narrow` decides whether the page thinks it is on a phone. */
export function setViewport(narrow: boolean) {
  window.matchMedia = ((query: string) => ({ matches: narrow, media: query })) as unknown as typeof window.matchMedia;
}
