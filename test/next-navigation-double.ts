// The App Router cannot mount in jsdom, so component tests swap next/navigation for this test
// double and assert on the calls. Real navigation is covered by the Playwright suite.
import { vi } from 'vitest';

export const router = {
  push: vi.fn(),
  replace: vi.fn(),
  refresh: vi.fn(),
  back: vi.fn(),
  forward: vi.fn(),
  prefetch: vi.fn(),
};

export const nextNavigationDouble = () => ({
  useRouter: () => router,
  usePathname: () => '/',
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
});
