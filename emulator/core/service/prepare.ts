// Pre-registered amounts (POST|PUT /payments/prepare): a payment window for that merchant_uid
// with another amount is refused before it opens.
import type { Emulator } from '../emulator';
import type { PreparedAmount } from '../store/records';
import { scoped } from '../store/store';
import { notFound, rejected } from '../wire/errors';
import { amountField, type Body, currencyField, merchantUidField } from '../wire/fields';

/** Registers an amount; `replace` (PUT) updates an existing registration instead. */
export function prepareAmount(core: Emulator, merchantCode: string, body: Body, replace: boolean): PreparedAmount {
  const merchantUid = merchantUidField(body);
  // 0 is a registration: it pins a billing-key issuance window to charging nothing.
  const amount = amountField(body, 'amount', true);
  const currency = currencyField(body);
  const exists = core.store.prepared.has(scoped(merchantCode, merchantUid));
  if (exists && !replace) throw rejected('이미 사전등록된 주문번호(merchant_uid)입니다.');
  if (!exists && replace) throw rejected('사전등록되지 않은 주문번호(merchant_uid)입니다.');
  return core.store.prepared.put({ merchant_code: merchantCode, merchant_uid: merchantUid, amount, currency });
}

export function findPrepared(core: Emulator, merchantCode: string, merchantUid: string): PreparedAmount | undefined {
  return core.store.prepared.get(scoped(merchantCode, merchantUid));
}

export function getPrepared(core: Emulator, merchantCode: string, merchantUid: string): PreparedAmount {
  const prepared = findPrepared(core, merchantCode, merchantUid);
  if (!prepared) throw notFound('사전등록된 결제정보가 존재하지 않습니다.');
  return prepared;
}
