import type { CaughtMail } from './caught-mail';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The catcher's page: newest first, one message opened (`?id=`) in a sandboxed frame. */
export function renderInbox(mails: readonly CaughtMail[], openId: string | null): string {
  const open = mails.find((mail) => String(mail.id) === openId);
  const rows = [...mails]
    .reverse()
    .slice(0, 200)
    .map(
      (mail) =>
        `<li><a href="/?id=${mail.id}">${escapeHtml(mail.subject || '(제목 없음)')}</a> <small>${escapeHtml(mail.to.join(', '))} · ${new Date(mail.receivedAt).toLocaleString('ko-KR')}</small></li>`,
    )
    .join('');
  const body = open
    ? `<article><h2>${escapeHtml(open.subject)}</h2><p><small>보낸 사람 ${escapeHtml(open.from)} · 받는 사람 ${escapeHtml(open.to.join(', '))}</small></p>
<iframe title="메일 본문" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(open.html || `<pre>${escapeHtml(open.text)}</pre>`)}"></iframe>
<details><summary>텍스트 본문</summary><pre>${escapeHtml(open.text)}</pre></details></article>`
    : '';
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>메일 수신함 (${mails.length})</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:60rem}li{margin:.3rem 0}iframe{width:100%;height:24rem;border:1px solid #ccc}pre{white-space:pre-wrap}</style></head>
<body><h1>메일 수신함</h1><p>${mails.length}통 · JSON: <a href="/api/messages">/api/messages</a></p>${body}<ol>${rows || '<li>아직 받은 메일이 없습니다.</li>'}</ol></body></html>`;
}
