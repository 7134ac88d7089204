// Shipping of escrow payments (GET|POST|PUT /escrows/logis/{imp_uid}): a paid escrow payment (a
// window with `escrow: true`) gets its carrier and invoice registered once, then changed; the
// buyer's money is released only after shipping, which is the PG's business, not the emulator's.
import type { Emulator } from '../emulator';
import type { EscrowLogisRecord } from '../store/records';
import { conflict, invalid, notFound } from '../wire/errors';
import { type Body, objectAt, optionalInteger, optionalText, requiredText, within } from '../wire/fields';

const PARTY_FIELDS = ['name', 'tel', 'addr', 'postcode', 'relationship'];

function party(body: Body, field: string): Record<string, string> {
  const value = objectAt(body[field], field);
  return within(field, () =>
    Object.fromEntries(
      PARTY_FIELDS.flatMap((name) => {
        const text = optionalText(value, name, { max: 200 });
        return text === null ? [] : [[name, text]];
      }),
    ),
  );
}

function readShipping(body: Body) {
  const logis = objectAt(body.logis, 'logis');
  return within('logis', () => {
    const sentAt = optionalInteger(logis, 'sent_at');
    if (sentAt === null || sentAt <= 0) throw invalid('sent_at', '발송일시(UNIX timestamp)가 필요합니다.');
    return {
      company: requiredText(logis, 'company', { pattern: /^[A-Z0-9_]{2,20}$/, format: '택배사 코드 (예: CJGLS)' }),
      invoice: requiredText(logis, 'invoice', { max: 40, pattern: /^[\dA-Za-z-]+$/, format: '송장번호' }),
      sent_at: sentAt,
    };
  });
}

function escrowPayment(core: Emulator, merchantCode: string, impUid: string) {
  const payment = core.store.payments.get(impUid);
  if (!payment || payment.merchant_code !== merchantCode)
    throw notFound('배송정보를 처리할 거래건이 존재하지 않습니다.');
  if (!payment.escrow) throw invalid('imp_uid', '에스크로 결제건이 아닙니다.');
  return payment;
}

/** GET: the registered shipping (409 when none is registered yet). */
export function getLogis(core: Emulator, merchantCode: string, impUid: string): EscrowLogisRecord {
  escrowPayment(core, merchantCode, impUid);
  const logis = core.store.escrowLogis.get(impUid);
  if (!logis) throw conflict('등록된 배송정보가 존재하지 않습니다.');
  return logis;
}

/** POST registers (once, for a paid payment); PUT changes what was registered. */
export function saveLogis(
  core: Emulator,
  merchantCode: string,
  impUid: string,
  body: Body,
  change: boolean,
): EscrowLogisRecord {
  const payment = escrowPayment(core, merchantCode, impUid);
  const existing = core.store.escrowLogis.get(impUid);
  if (change && !existing) throw conflict('등록된 배송정보가 없어 수정할 수 없습니다.');
  if (!change && existing) throw conflict('이미 배송정보 등록이 완료되었습니다.');
  if (payment.status !== 'paid') throw conflict(`결제완료 상태가 아닌 거래건입니다 (status: ${payment.status}).`);
  const shipping = readShipping(body);
  return core.store.escrowLogis.put({
    merchant_code: merchantCode,
    imp_uid: impUid,
    ...shipping,
    sender: party(body, 'sender'),
    receiver: party(body, 'receiver'),
    applied_at: core.now(merchantCode),
  });
}
