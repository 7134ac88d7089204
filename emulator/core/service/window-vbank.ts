// A payment window with pay_method 'vbank': the customer picks a bank and the window issues a
// virtual account (status ready; the callback's rsp succeeds with its number and deadline). The
// page may give `vbank_due` as IMP.request_pay takes it — 'YYYYMMDD' (the end of that day in
// Korea), 'YYYYMMDDhhmm' (KST) — or as UNIX seconds; without it the account stays open 3 days.

import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import { kstMidnight } from '../time/clock';
import { invalid } from '../wire/errors';
import { type Body, optionalText } from '../wire/fields';
import type { PaymentInit } from './payments';
import { checkedDue, DEFAULT_VBANK_LIFETIME, openVbank, readBankCode } from './vbanks';

function dueOf(text: string): number {
  if (text.length === 10) return Number(text);
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = [0, 4, 6, 8, 10].map((at) =>
    Number(text.slice(at, at === 0 ? 4 : at + 2)),
  );
  const midnight = kstMidnight(year, month, day);
  const date = new Date((midnight + 9 * 3600) * 1000);
  if (date.getUTCMonth() + 1 !== month || date.getUTCDate() !== day || hour > 23 || minute > 59)
    throw invalid('vbank_due', '존재하지 않는 날짜·시각입니다.');
  return text.length === 8 ? midnight + 86_399 : midnight + hour * 3600 + minute * 60;
}

/** The account's deadline from the page's params (checked before the window opens). */
export function readWindowVbankDue(body: Body, now: number): number {
  const text = optionalText(body, 'vbank_due', {
    pattern: /^(\d{8}|\d{10}|\d{12})$/,
    format: 'YYYYMMDD, YYYYMMDDhhmm 또는 UNIX timestamp',
  });
  return text === null ? now + DEFAULT_VBANK_LIFETIME : checkedDue(dueOf(text), now);
}

/** The bank the customer picked in the window (or the page preselected). */
export function openWindowVbank(core: Emulator, merchantCode: string, init: PaymentInit, body: Body): PaymentRecord {
  const now = core.now(merchantCode);
  return openVbank(core, merchantCode, init, {
    code: readBankCode(body),
    due: readWindowVbankDue(body, now),
    holder: optionalText(body, 'vbank_holder', { max: 40 }),
    num: null,
  });
}
