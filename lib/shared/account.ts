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

export const genderLabel = { male: '남성', female: '여성' } as const;
