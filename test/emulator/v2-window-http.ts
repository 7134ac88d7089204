// For the V2 windows' HTTP tests, and for any test that needs what a V2 window leaves (a paid
// payment, a billing key, a verified identity) without a browser: what the V2 browser script posts
// to open a window, a window completed as a tester would, and the default store's ids (REST calls
// go through conformance-v2/harness.ts's V2Client).
import type { V2OpenAnswer } from '@/emulator/v2/windows/open';
import { resultOf, SHOP, submit } from './window-http';

export const V2_STORE = {
  storeId: 'store-00000000-0000-4000-8000-000000000000',
  card: 'channel-key-00000000-0000-4000-8000-0000000000c1',
  kakaopay: 'channel-key-00000000-0000-4000-8000-0000000000e1',
  danal: 'channel-key-00000000-0000-4000-8000-0000000000d1',
} as const;

export type V2Kind = 'payment' | 'billing-key' | 'billing-key-and-pay' | 'identity-verification';

/** POST /v2/windows as the browser script sends it from a page on SHOP. */
export async function openV2(
  baseUrl: string,
  kind: V2Kind,
  request: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<V2OpenAnswer> {
  const res = await fetch(`${baseUrl}/v2/windows`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SHOP },
    body: JSON.stringify({ kind, request, mode: 'layer', channel: 'pc', page_url: `${SHOP}/checkout`, ...extra }),
  });
  if (res.status !== 200) throw new Error(`POST /v2/windows: ${res.status}`);
  return (await res.json()) as V2OpenAnswer;
}

export function v2WindowUrl(answer: V2OpenAnswer): string {
  if (!answer.ok) throw new Error(`window refused: ${answer.rsp.message}`);
  return answer.url;
}

/** The SDK response a window hands back once opened and submitted with `fields` (the form's names). */
export async function completeV2Window(
  baseUrl: string,
  kind: V2Kind,
  request: Record<string, unknown>,
  fields: Record<string, string>,
): Promise<Record<string, string>> {
  const url = v2WindowUrl(await openV2(baseUrl, kind, request));
  return resultOf(await (await submit(url, fields)).text()).rsp as unknown as Record<string, string>;
}

/** A person verified through the identity-verification window (its form's fields; defaults: an adult on SKT). */
export const verifyIdentityV2 = (
  baseUrl: string,
  identityVerificationId: string,
  person: Partial<Record<'name' | 'birthday' | 'gender' | 'phone' | 'carrier', string>> = {},
) =>
  completeV2Window(
    baseUrl,
    'identity-verification',
    { storeId: V2_STORE.storeId, channelKey: V2_STORE.danal, identityVerificationId },
    { name: '홍길동', birthday: '1990-03-15', gender: 'male', phone: '010-1234-5678', carrier: 'SKT', ...person },
  );
