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

export const genderLabel = { male: '남성', female: '여성' } as const;
