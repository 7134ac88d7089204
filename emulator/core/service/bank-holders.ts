// GET /vbanks/holder: the holder of a bank account, asked before a refund is sent to it. The
// emulator knows no real accounts, so the name is derived from bank and number (the same account,
// the same name everywhere); a number ending in 0000 is an account that does not exist (404).
import { createHash } from 'node:crypto';
import { notFound, rejected } from '../wire/errors';
import { type Body, requiredText } from '../wire/fields';
import { readBankCode } from './vbanks';

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임'];
const GIVEN_NAMES = ['민준', '서연', '도윤', '지우', '하준', '서윤', '시우', '하은', '주원', '지민'];

export const MISSING_ACCOUNT_SUFFIX = '0000';

/** The account's digits (dashes and spaces allowed, as the Swagger file says), 8 to 16 of them. */
export function accountDigits(body: Body, field: string): string {
  const typed = requiredText(body, field, { max: 30, pattern: /^[\d\s-]+$/, format: '숫자와 -' });
  const digits = typed.replace(/\D/g, '');
  return requiredText({ [field]: digits }, field, { pattern: /^\d{8,16}$/, format: '숫자 8~16자리' });
}

export function accountHolder(body: Body): { bank_holder: string } {
  const code = readBankCode(body, 'bank_code');
  const digits = accountDigits(body, 'bank_num');
  if (digits.endsWith(MISSING_ACCOUNT_SUFFIX)) throw notFound('계좌정보 조회에 실패하였습니다.');
  const hash = createHash('sha256').update(`emulator-holder:${code}:${digits}`).digest();
  const surname = SURNAMES[(hash[0] ?? 0) % SURNAMES.length];
  const given = GIVEN_NAMES[(hash[1] ?? 0) % GIVEN_NAMES.length];
  return { bank_holder: `${surname}${given}` };
}

/**
 * The account a virtual-account payment is refunded to (the money goes back by bank transfer):
 * refund_holder, refund_bank and refund_account are required, and the account must exist.
 */
export function readRefundAccount(body: Body): void {
  requiredText(body, 'refund_holder', { max: 20 });
  readBankCode(body, 'refund_bank');
  if (accountDigits(body, 'refund_account').endsWith(MISSING_ACCOUNT_SUFFIX))
    throw rejected('환불계좌 정보를 확인할 수 없습니다 (존재하지 않는 계좌).');
}
