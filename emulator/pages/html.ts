// HTML for the hosted pages. Every value put into a page goes through `html`, which escapes it
// unless it is already markup: window params come from merchant pages and must never inject.

/** Markup that is already safe (built by `html` or `raw`). */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What a form shows again after bad input (by field name; absent means empty). */
export type FormValues = Record<string, string>;

type Value = SafeHtml | string | number | boolean | null | undefined | Value[];

function render(value: Value): string {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** A template whose interpolated values are escaped (arrays joined, null/false omitted). */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i]) : ''), ''));
}

/** JSON for a `<script type="application/json">` block: `<` escaped so no `</script>` can end it. */
export const jsonBlock = (id: string, value: unknown) =>
  new SafeHtml(
    `<script type="application/json" id="${escapeHtml(id)}">${JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029')}</script>`,
  );

/** A form's problems, all at once ("카드번호: …"), announced to screen readers. */
/** Every problem of a submitted form at once, with their count (one alert, read out together). */
export const problemList = (problems: string[]) =>
  problems.length
    ? html`<div role="alert" class="error problems"><p>입력 내용을 확인해 주세요 (${String(problems.length)}건)</p><ul>${problems.map((p) => html`<li>${p}</li>`)}</ul></div>`
    : '';

/** A whole page with the emulator's stylesheet and optional scripts (asset names). */
export function page(title: string, body: SafeHtml, scripts: string[] = []): string {
  return html`<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="stylesheet" href="/__emulator/assets/emulator.css"></head>
<body>${body}${scripts.map((s) => html`<script src="${s}"></script>`)}</body></html>`.text;
}
