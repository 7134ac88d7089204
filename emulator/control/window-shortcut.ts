// POST /__emulator/api/window-payments: what a completed payment window does, without a browser.
// The choices a tester makes in a window have defaults here, so a server test names only what it
// tests: a transfer from KB국민은행 (004), a phone bill on SKT, the buyer's phone (else
// 010-1234-5678) for a wallet or a phone bill, and the one-time code, which is known.
import type { Body } from '../core/wire/fields';

const DEFAULT_BANK = '004';
const DEFAULT_CARRIER = 'SKT';
const DEFAULT_PHONE = '010-1234-5678';

const given = (body: Body, field: string) => body[field] !== undefined && body[field] !== null && body[field] !== '';

export function withWindowChoices(body: Body): Body {
  const filled: Body = { ...body };
  const phone = given(body, 'buyer_tel') ? body.buyer_tel : DEFAULT_PHONE;
  if (body.pay_method === 'trans' && !given(body, 'bank_code')) filled.bank_code = DEFAULT_BANK;
  if (body.pay_method === 'phone') {
    if (!given(body, 'carrier')) filled.carrier = DEFAULT_CARRIER;
    if (!given(body, 'phone')) filled.phone = phone;
  }
  return filled;
}
