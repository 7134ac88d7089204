// For the hosted windows' HTTP tests: the requests the client script and a browser send, made
// with fetch (no browser), and the rsp read back from a result page.
import type { OpenAnswer } from '@/emulator/windows/open';
import type { ResultMessage } from '@/emulator/windows/result';

export const SHOP = 'http://shop.test';

/** What IMP.* posts to open a window (as from a page on SHOP unless `origin` says otherwise). */
export async function openWindow(
  baseUrl: string,
  kind: 'payment' | 'certification',
  params: Record<string, unknown>,
  extra: Record<string, unknown> & { origin?: string } = {},
): Promise<{ res: Response; answer: OpenAnswer }> {
  const { origin = SHOP, ...fields } = extra;
  const res = await fetch(`${baseUrl}/__emulator/windows`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin },
    body: JSON.stringify({
      kind,
      merchant_code: 'imp00000000',
      mode: 'layer',
      params,
      page_url: `${SHOP}/checkout`,
      ...fields,
    }),
  });
  return { res, answer: (await res.json()) as OpenAnswer };
}

/** The window's URL from an answer that must have opened one. */
export function windowUrl(answer: OpenAnswer): string {
  if (!answer.ok) throw new Error(`window refused: ${answer.rsp.error_msg}`);
  return answer.url;
}

/** Submits the window's form as a browser would (redirects not followed). */
export const submit = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'submit', ...fields }),
    redirect: 'manual',
  });

/** The message a result page posts back to the merchant page (with its target origin). */
export function resultOf(html: string): ResultMessage & { target_origin: string; mode: string } {
  const block = /<script type="application\/json" id="imp-result">(.*?)<\/script>/s.exec(html);
  if (!block?.[1]) throw new Error('not a result page');
  return JSON.parse(block[1]);
}

export const CARD = { card_number: '4242-4242-4242-4242', expiry: '12/99', birth: '900101', pwd_2digit: '12' };
