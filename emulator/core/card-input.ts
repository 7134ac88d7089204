// Card fields of a request (registration, key-in payment, payment window). They are checked,
// turned into a CardProfile and dropped: the number, expiry, birth and password are never
// stored or logged. Of the expiry only its end (a timestamp) is kept, on a billing key, so that a
// card that runs out after registration is refused from then on.
import { kstMidnight } from './clock';
import { invalid } from './errors';
import { type Body, optionalText, requiredText } from './fields';
import { type CardProfile, cardProfile } from './test-cards';

function luhnValid(digits: string): boolean {
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
 * Validates the card fields and answers the card's profile; an expiry already past on the
 * virtual clock yields the `expired` behaviour (refused by the issuer, not a format error).
 */
export function readCard(body: Body, now: number): EnteredCard {
  const number = requiredText(body, 'card_number', {
    pattern: /^(\d{4}-\d{4}-\d{4}-\d{4}|\d{16})$/,
    format: 'XXXX-XXXX-XXXX-XXXX',
  });
  const digits = number.replaceAll('-', '');
  if (!luhnValid(digits)) throw invalid('card_number', '유효하지 않은 카드번호입니다.');
  const expiry = requiredText(body, 'expiry', { pattern: /^\d{4}-(0[1-9]|1[0-2])$/, format: 'YYYY-MM' });
  const birth = optionalText(body, 'birth', {
    pattern: /^(\d{6}|\d{10})$/,
    format: 'YYMMDD 또는 사업자등록번호 10자리',
  });
  if (birth !== null && !validBirth(birth)) throw invalid('birth', '존재하지 않는 날짜입니다 (YYMMDD).');
  optionalText(body, 'pwd_2digit', { pattern: /^\d{2}$/, format: '카드 비밀번호 앞 2자리' });
  const expiresAt = expiryEnd(expiry);
  return { profile: cardProfile(digits, expiresAt <= now), expires_at: expiresAt };
}

/** Whether the request carries card fields at all (schedules may book with or without them). */
export const hasCardFields = (body: Body) => body.card_number !== undefined && body.card_number !== '';
