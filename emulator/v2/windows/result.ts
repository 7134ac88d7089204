// How a V2 window's outcome reaches the page: the SDK response posted to the opener (popup) or
// parent (layer) by the result page (V1's window.js does the posting), or, in redirect mode, the
// request's redirectUrl with the response's fields in its query (its own query kept).
import { type Reply, redirect } from '../../http/reply';
import { html, jsonBlock, page } from '../../pages/html';
import type { V2WindowSession } from './sessions';

/** What each window does, and it as a subject (결제가, 본인인증이). */
const WHAT: Record<V2WindowSession['kind'], [string, string]> = {
  payment: ['결제', '결제가'],
  'billing-key': ['빌링키 발급', '빌링키 발급이'],
  'billing-key-and-pay': ['결제', '결제가'],
  'identity-verification': ['본인인증', '본인인증이'],
};

export function redirectTarget(redirectUrl: string, rsp: Record<string, string>): string {
  const url = new URL(redirectUrl);
  for (const [name, value] of Object.entries(rsp)) url.searchParams.set(name, value);
  return url.toString();
}

function resultPage(session: V2WindowSession, rsp: Record<string, string>): string {
  const failed = rsp.code !== undefined;
  const [what, subject] = WHAT[session.kind];
  const title = `${what} ${failed ? '실패' : '완료'}`;
  const message = { source: 'portone-emulator', type: 'result', session: session.id, rsp };
  const body = html`<main class="window" data-mode="${session.mode}">
<h1>${title}</h1>
${failed ? html`<p role="alert" class="error">${rsp.message}</p>` : html`<p>${subject} 완료되었습니다. 잠시 후 창이 닫힙니다.</p>`}
<div class="actions"><button type="button" id="close-window">닫기</button></div>
${jsonBlock('imp-result', { ...message, target_origin: session.target_origin, mode: session.mode })}
</main>`;
  return page(title, body, ['/__emulator/assets/window.js']);
}

/** Ends a window, once: a redirect, or the page that posts the response back. */
export function finish(session: V2WindowSession, rsp: Record<string, string>): Reply {
  session.done = true;
  if (session.mode === 'redirect' && session.redirect_url) return redirect(redirectTarget(session.redirect_url, rsp));
  return { status: 200, html: resultPage(session, rsp) };
}
