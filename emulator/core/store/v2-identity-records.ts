// A PortOne V2 identity verification as stored (emulator/v2/identity): the merchant names it
// (identityVerificationId), a browser window or the REST send/confirm pair verifies it. Times are
// UNIX seconds on the merchant's clock; the wire writes them as RFC 3339.

export type V2IdentityStatus = 'READY' | 'VERIFIED' | 'FAILED';

/** What the merchant asked to be verified (OpenAPI IdentityVerificationRequestedCustomer). */
export interface V2RequestedCustomer {
  id?: string;
  name?: string;
  phoneNumber?: string;
  birthYear?: string;
  birthMonth?: string;
  birthDay?: string;
}

/** Who was verified. ci follows from the phone alone, di from the phone and the merchant (as V1's). */
export interface V2VerifiedPerson {
  name: string;
  birth_date: string;
  gender: 'MALE' | 'FEMALE';
  phone: string;
  /** SKT, KT, LGU and their _MVNO. */
  operator: string;
  is_foreigner: boolean;
  ci: string;
  di: string;
}

/** A code texted by POST /identity-verifications/{id}/send, waiting for …/confirm. */
export interface V2SentOtp {
  person: Omit<V2VerifiedPerson, 'ci' | 'di'>;
  method: 'SMS' | 'APP';
  sent_at: number;
  expires_at: number;
  failures: number;
}

export interface V2IdentityVerificationRecord {
  merchant_code: string;
  seq: number;
  id: string;
  /** identityVerificationTxId: one per attempt (a window or a send). */
  tx_id: string;
  store_id: string;
  channel_key: string | null;
  pg_provider: string;
  status: V2IdentityStatus;
  requested_customer: V2RequestedCustomer;
  verified: V2VerifiedPerson | null;
  custom_data: string | null;
  /** The youngest age allowed (DANAL bypass AGELIMIT); null for none. */
  min_age: number | null;
  sent: V2SentOtp | null;
  pg_tx_id: string | null;
  failure: { reason: string; pg_code: string; pg_message: string } | null;
  requested_at: number;
  updated_at: number;
  status_changed_at: number;
  verified_at: number;
}
