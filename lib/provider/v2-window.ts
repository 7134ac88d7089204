import 'server-only';
import { env } from '@/lib/env';

/**
 * Where the browser loads PortOne's V2 script: PORTONE_V2_SCRIPT_URL as lib/env.ts settles it (the
 * emulator's /v2/browser-sdk.js while the V2 API is the emulator, else PortOne's CDN) — the one value
 * the CSP allows too. The browser never reads PORTONE_API or this itself: each route that opens a
 * window answers it.
 */
export const v2ScriptUrl = (): string => env.PORTONE_V2_SCRIPT_URL;

/** What every V2 window is opened with: the store and the script. */
export const v2Window = () => ({ api: 'v2' as const, storeId: env.PORTONE_STORE_ID, scriptUrl: v2ScriptUrl() });
