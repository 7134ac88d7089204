// The page a window ends on (layer and popup modes): it shows the outcome and its script
// (browser/window.js) posts the rsp to the merchant page, only to that page's origin.

import { html, jsonBlock, page } from '../pages/html';
import type { ResultMessage } from './result-message';
import type { WindowSession } from './sessions';

export function resultPage(session: WindowSession, message: ResultMessage): string {
  const { rsp } = message;
  const [what, subject] = session.kind === 'payment' ? ['결제', '결제가'] : ['본인인증', '본인인증이'];
  const title = rsp.success ? `${what} 완료` : `${what} 실패`;
  const body = html`<main class="window" data-mode="${session.mode}">
<h1>${title}</h1>
${rsp.success ? html`<p>${subject} 완료되었습니다. 잠시 후 창이 닫힙니다.</p>` : html`<p role="alert" class="error">${rsp.error_msg}</p>`}
${rsp.imp_uid ? html`<p class="muted">imp_uid: <code>${rsp.imp_uid}</code></p>` : ''}
<div class="actions"><button type="button" id="close-window">닫기</button></div>
${jsonBlock('imp-result', { ...message, target_origin: session.target_origin, mode: session.mode })}
</main>`;
  return page(title, body, ['/__emulator/assets/window.js']);
}
