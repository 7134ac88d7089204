// The dashboard's logic. Every section is read from the control API and drawn with textContent
// only (records hold what merchant pages sent). A section whose control route this emulator lacks
// (404 "no control route") says so instead of failing.
import { BANK, COUNTER, deposited, SECTIONS, when } from './dashboard-sections.js';

const API = '/__emulator/api';
const LIMIT = 100;
const titleOf = (id) => document.getElementById(`${id}-title`).textContent;
const statusOf = (id) => document.querySelector(`#${id} .status`);
const rowsOf = (id) => document.querySelector(`#${id} .rows`);

async function call(method, path, body) {
  const res = await fetch(API + path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (res.ok) return json;
  const error = new Error(json?.error?.message ?? `HTTP ${res.status}`);
  error.missingRoute = res.status === 404 && error.message.startsWith('no control route');
  throw error;
}

function failed(id, error) {
  statusOf(id).textContent = error.missingRoute
    ? `이 에뮬레이터에는 아직 ${titleOf(id)} 기능이 없습니다.`
    : `처리하지 못했습니다: ${error.message}`;
}

async function act(id, [, path, body]) {
  try {
    await call('POST', path, body);
    await refresh();
    const status = statusOf(id);
    status.textContent = status.textContent ? `${status.textContent} · 처리했습니다.` : '처리했습니다.';
  } catch (error) {
    failed(id, error);
  }
}

/** A table of records; `action(record)` may give [label, path, body] for a button per row. */
function table(id, { columns, action }, records) {
  if (records.length === 0) return rowsOf(id).replaceChildren();
  const el = document.createElement('table');
  const head = el.createTHead().insertRow();
  for (const [heading] of [...columns, ...(action ? [['']] : [])])
    head.appendChild(document.createElement('th')).textContent = heading;
  const body = el.createTBody();
  for (const record of records) {
    const row = body.insertRow();
    for (const [, text] of columns) row.insertCell().textContent = String(text(record) ?? '-');
    if (!action) continue;
    const cell = row.insertCell();
    const wanted = action(record);
    if (!wanted) continue;
    const button = cell.appendChild(document.createElement('button'));
    Object.assign(button, { type: 'button', className: 'secondary', textContent: wanted[0] });
    button.addEventListener('click', () => act(id, wanted));
  }
  rowsOf(id).replaceChildren(el);
}

/** Amounts typed in the bank's rows, kept across the periodic refresh. */
const typed = new Map();

/** The bank's rows: each with the amount to deposit (the rest by default; less is a partial deposit). */
function bank(accounts) {
  table('vbanks', BANK, accounts);
  const rows = rowsOf('vbanks').querySelectorAll('tbody tr');
  accounts.forEach((account, i) => {
    const cell = rows[i].insertCell();
    const input = cell.appendChild(document.createElement('input'));
    const rest = String(account.amount - deposited(account));
    Object.assign(input, { type: 'number', min: '1', value: typed.get(account.imp_uid) ?? rest });
    input.setAttribute('aria-label', `입금액 (${account.imp_uid})`);
    input.addEventListener('input', () => typed.set(account.imp_uid, input.value));
    const button = cell.appendChild(document.createElement('button'));
    Object.assign(button, { type: 'button', className: 'secondary', textContent: '입금' });
    button.addEventListener('click', () => {
      typed.delete(account.imp_uid);
      act('vbanks', ['', `/vbanks/${encodeURIComponent(account.imp_uid)}/deposit`, { amount: Number(input.value) }]);
    });
  });
  if (accounts.length)
    rowsOf('vbanks').querySelector('thead tr').appendChild(document.createElement('th')).textContent = '입금';
}

async function loadSection(id) {
  const section = SECTIONS[id];
  try {
    const records = (await call('GET', section.path)).sort((a, b) => section.order(a) - section.order(b));
    statusOf(id).textContent =
      records.length > LIMIT ? `${records.length}건 중 최근 ${LIMIT}건` : `${records.length}건`;
    table(id, section, records.slice(0, LIMIT));
    if (id !== 'payments') return;
    const waiting = records.filter((r) => r.pay_method === 'cvs' && r.status === 'ready');
    statusOf('cvs').textContent = waiting.length
      ? `수납 대기 ${waiting.length}건`
      : '수납 대기 중인 편의점 결제가 없습니다.';
    table('cvs', COUNTER, waiting);
    const accounts = records.filter((r) => r.pay_method === 'vbank' && r.status === 'ready');
    statusOf('vbanks').textContent = accounts.length
      ? `입금 대기 ${accounts.length}건`
      : '입금 대기 중인 가상계좌가 없습니다.';
    bank(accounts);
  } catch (error) {
    failed(id, error);
    rowsOf(id).replaceChildren();
  }
}

let now = 0;
const merchantSelect = document.getElementById('clock-merchant');
/** The merchant whose clock is shown and moved; '' is every merchant (the default one's time is shown). */
const clockQuery = () => (merchantSelect.value ? `?merchant_code=${encodeURIComponent(merchantSelect.value)}` : '');
async function loadClock() {
  try {
    const codes = (await call('GET', '/health')).merchants;
    const known = [...merchantSelect.options].map((o) => o.value);
    for (const code of codes.filter((c) => !known.includes(c))) merchantSelect.add(new Option(code, code));
    const clock = await call('GET', `/clock${clockQuery()}`);
    now = clock.now;
    document.getElementById('clock-now').textContent = when(now);
    document.getElementById('clock-mode').textContent = clock.mode === 'frozen' ? '(멈춤)' : '(실시간으로 흐름)';
  } catch (error) {
    failed('clock', error);
  }
}

/** Seconds to the same day and time next month in Korea (its last day when that month is shorter). */
function monthAhead(from) {
  const kst = new Date((from + 9 * 3600) * 1000);
  const [year, month] = [kst.getUTCFullYear(), kst.getUTCMonth() + 1];
  const day = Math.min(kst.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  const time = [kst.getUTCHours(), kst.getUTCMinutes(), kst.getUTCSeconds()];
  return Date.UTC(year, month, day, ...time) / 1000 - 9 * 3600 - from;
}
const STEPS = { hour: () => 3600, day: () => 86_400, month: () => monthAhead(now) };
for (const button of document.querySelectorAll('[data-advance]')) {
  button.addEventListener('click', () => {
    const seconds = STEPS[button.dataset.advance]();
    const body = merchantSelect.value ? { seconds, merchant_code: merchantSelect.value } : { seconds };
    act('clock', ['', '/clock/advance', body]);
  });
}
merchantSelect.addEventListener('change', loadClock);

async function refresh() {
  await Promise.all([loadClock(), ...Object.keys(SECTIONS).map(loadSection)]);
}
document.getElementById('refresh').addEventListener('click', refresh);
document.getElementById('reset').addEventListener('click', () => {
  if (window.confirm('모든 결제·인증·빌링키·예약 기록을 지웁니다. 계속할까요?')) act('payments', ['', '/reset', {}]);
});
refresh();
setInterval(() => document.hidden || refresh(), 5000);
