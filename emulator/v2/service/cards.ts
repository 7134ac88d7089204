// A card as a V2 request or window gives it (number, expiry YY/MM): checked, turned into the
// test-card profile of DESIGN.md (service/test-cards.ts, as V1) and dropped.
import { luhnValid } from '../../core/service/card-input';
import { cardProfile } from '../../core/service/test-cards';
import type { CardProfile } from '../../core/store/card-profile';
import { kstMidnight } from '../../core/time/clock';
import { invalidRequest } from '../errors';

export interface CardCredential {
  number: string;
  /** Two digits (YY) or four. */
  expiryYear: string;
  /** Two digits (MM). */
  expiryMonth: string;
}

export interface EnteredCard {
  profile: CardProfile;
  /** The first second after the expiry month (KST). */
  expires_at: number;
}

/** The card's profile at `now`: an invalid number or an expired card refuses, as V1's do. */
export function enterCard(card: CardCredential, now: number): EnteredCard {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{15,16}$/.test(digits)) throw invalidRequest('number: 15~16자리 카드 번호여야 합니다.');
  if (!/^\d{2}(\d{2})?$/.test(card.expiryYear)) throw invalidRequest('expiryYear: YY 형식이어야 합니다.');
  if (!/^(0[1-9]|1[0-2])$/.test(card.expiryMonth)) throw invalidRequest('expiryMonth: MM 형식이어야 합니다.');
  const year = card.expiryYear.length === 2 ? 2000 + Number(card.expiryYear) : Number(card.expiryYear);
  const month = Number(card.expiryMonth);
  const expiresAt = month === 12 ? kstMidnight(year + 1, 1, 1) : kstMidnight(year, month + 1, 1);
  const refused = !luhnValid(digits) ? 'invalid' : expiresAt <= now ? 'expired' : undefined;
  return { profile: cardProfile(digits, refused), expires_at: expiresAt };
}
