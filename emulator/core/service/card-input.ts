// Card fields of a request (registration, key-in payment, payment window). They are checked,
// turned into a CardProfile and dropped: the number, expiry, birth and password are never
// stored or logged. Of the expiry only its end (a timestamp) is kept, on a billing key, so that a
// card that runs out after registration is refused from then on.
import { kstMidnight } from '../time/clock';
import { invalid } from '../wire/errors';
import { type Body, optionalText, requiredText } from '../wire/fields';
import { type CardProfile, cardProfile } from './test-cards';

/** Whether the check digit fits (the issuer refuses a number that fails it: [F112], not a 400). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The first second after the card's expiry month ends (KST). */
function expiryEnd(expiry: string): number {
  const year = Number(expiry.slice(0, 4));
  const month = Number(expiry.slice(5, 7));
  return month === 12 ? kstMidnight(year + 1, 1, 1) : kstMidnight(year, month + 1, 1);
}

function validBirth(birth: string): boolean {
  if (birth.length === 10) return true; // business registration number of a corporate card
  const [mm, dd] = [Number(birth.slice(2, 4)), Number(birth.slice(4, 6))];
  const date = new Date(Date.UTC(2000, mm - 1, dd)); // a leap year, so 02-29 is allowed
  return date.getUTCMonth() === mm - 1 && date.getUTCDate() === dd;
}

/** A card as entered: what is kept of it, and when it stops working. */
export interface EnteredCard {
  profile: CardProfile;
  /** The first second after the expiry month (KST). */
  expires_at: number;
}

/**
 * The spec's format XXXX-XXXX-XXXX-XXXX (dashes optional) is that of 16-digit cards; it does not
 * exclude the 15-digit ones the Korean PGs take (AMEX, 34/37): written 4-6-5 as printed, 4-4-4-3,
 * or without dashes.
 */
const CARD_NUMBER =
  /^(\d{4}-\d{4}-\d{4}-\d{4}|\d{16}|3[47]\d{2}-\d{6}-\d{5}|3[47]\d{2}-\d{4}-\d{4}-\d{3}|3[47]\d{13})$/;

const readNumber = (body: Body) =>
  requiredText(body, 'card_number', {
    pattern: CARD_NUMBER,
    format: 'XXXX-XXXX-XXXX-XXXX (AMEX 15자리: XXXX-XXXXXX-XXXXX)',
  });

function readBirth(body: Body): void {
  const birth = optionalText(body, 'birth', {
    pattern: /^(\d{6}|\d{10})$/,
    format: 'YYMMDD 또는 사업자등록번호 10자리',
  });
  if (birth !== null && !validBirth(birth)) throw invalid('birth', '존재하지 않는 날짜입니다 (YYMMDD).');
}

const readPassword = (body: Body) =>
  optionalText(body, 'pwd_2digit', { pattern: /^\d{2}$/, format: '카드 비밀번호 앞 2자리' });

/**
 * The checks of a card form as typed (the payment window lists all their problems at once): the
 * number's format and check digit, birth and password. The expiry is the form's own (MM/YY).
 */
export const cardFormChecks = (body: Body): (() => unknown)[] => [
  () => {
    if (!luhnValid(readNumber(body).replaceAll('-', ''))) throw invalid('card_number', '유효하지 않은 카드번호입니다.');
  },
  () => readBirth(body),
  () => readPassword(body),
];

/**
 * Validates the card fields and answers the card's profile. What the issuer refuses is a
 * behaviour, not a format error: a number whose check digit fails (`invalid`), an expiry already
 * past on the virtual clock (`expired`).
 */
export function readCard(body: Body, now: number): EnteredCard {
  const digits = readNumber(body).replaceAll('-', '');
  const expiry = requiredText(body, 'expiry', { pattern: /^\d{4}-(0[1-9]|1[0-2])$/, format: 'YYYY-MM' });
  readBirth(body);
  readPassword(body);
  const expiresAt = expiryEnd(expiry);
  const behaviour = !luhnValid(digits) ? 'invalid' : expiresAt <= now ? 'expired' : undefined;
  return { profile: cardProfile(digits, behaviour), expires_at: expiresAt };
}

/** Whether the request carries card fields at all (schedules may book with or without them). */
export const hasCardFields = (body: Body) => body.card_number !== undefined && body.card_number !== '';
