// A sales slip's page (V1's receipt.ts, V2's v2/receipt-page.ts): a title and rows, as a small public
// page like the ones the real service's receipt links open.
import { escapeHtml } from './html';

export type SlipRow = [label: string, value: string];

export const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;

/** A UNIX time in Korean time; '-' for none. */
export const when = (seconds: number) =>
  seconds ? new Date(seconds * 1000).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' }) : '-';

/** The cancellation's rows (its amount as shown), when the slip is a cancellation's. */
export const cancellationRows = (c: { amount: string; at: number; reason: string }): SlipRow[] => [
  ['취소금액', c.amount],
  ['취소일시', when(c.at)],
  ['취소사유', c.reason || '-'],
];

export function slipPage(title: string, rows: SlipRow[]): string {
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}th{text-align:left;padding-right:1rem;white-space:nowrap;vertical-align:top}td{overflow-wrap:anywhere}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>에뮬레이터 결제 (실제 청구 없음)</p>
<table>${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
</body></html>`;
}
