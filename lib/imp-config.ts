import 'server-only';
import type { ImpConfig } from '@/lib/browser/client';
import { env } from '@/lib/env';

/** What a page hands its client components to load the service's script (nothing secret). */
export const impConfig = (): ImpConfig => ({
  merchantCode: env.NEXT_PUBLIC_IMP_CODE,
  scriptUrl: env.NEXT_PUBLIC_IMP_SCRIPT_URL,
});
