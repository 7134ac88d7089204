// A payment window with pay_method 'trans' (실시간 계좌이체): the customer picks a bank and the
// money moves at once (paid). One test bank is under maintenance: the transfer fails.
import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import { invalid } from '../wire/errors';
import { type Body, requiredText } from '../wire/fields';
import { BANK_CODES, bankCode, type StandardCode } from './codes';
import { asFailed, asPaid, newPayment, type PaymentInit, savePayment } from './payments';

export const MAINTENANCE_BANK = '031';
export const BANK_MAINTENANCE = '은행 점검 시간입니다';

/** Banks only: securities firms (codes from 200) do not take a transfer here. */
export const TRANSFER_BANKS = BANK_CODES.filter((bank) => bank.code < '200');

export function readTransferBank(body: Body): StandardCode {
  const code = requiredText(body, 'bank_code', { pattern: /^\d{3}$/, format: '은행 표준코드 3자리' });
  const bank = bankCode(code);
  if (!bank || code >= '200') throw invalid('bank_code', `계좌이체할 수 없는 은행코드입니다: ${code}`);
  return bank;
}

export function completeTransfer(core: Emulator, merchantCode: string, init: PaymentInit, body: Body): PaymentRecord {
  const bank = readTransferBank(body);
  const started = newPayment(core, merchantCode, { ...init, bank: { code: bank.code, name: bank.name } });
  const now = core.now(merchantCode);
  const ended = bank.code === MAINTENANCE_BANK ? asFailed(started, now, BANK_MAINTENANCE) : asPaid(started, now);
  return savePayment(core, ended);
}
