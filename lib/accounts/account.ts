/** What pages may know about the signed-in customer. */
export interface AccountSummary {
  email: string;
  name: string;
  /** YYYY-MM-DD */
  birthday: string;
  gender: 'male' | 'female';
  /** UNIX seconds on the service's clock. */
  certifiedAt: number;
}

/** How a withdrawn customer is named where their orders are still shown (operators). */
export const WITHDRAWN_NAME = '탈퇴한 회원';

/** A withdrawn account keeps a tombstone address (lib/withdrawal/withdraw.ts): `withdrawn-<id>@deleted.invalid`. */
export const isWithdrawnEmail = (email: string) => /^withdrawn-[\w-]+@deleted\.invalid$/.test(email);

/** A customer as the console names them: their email, or 탈퇴한 회원 for a withdrawn account (never its tombstone). */
export const customerLabel = (email: string) => (isWithdrawnEmail(email) ? WITHDRAWN_NAME : email);

export const genderLabel = { male: '남성', female: '여성' } as const;

/** An email change waiting for the link mailed to the new address. */
export interface PendingEmailChange {
  email: string;
  /** ISO 8601 */
  expiresAt: string;
}
