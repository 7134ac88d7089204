// The browser script's surface (window.IMP), as the spec and the service's notes describe it.

export interface CertificationParams {
  merchant_uid?: string;
  min_age?: number;
  name?: string;
  phone?: string;
  carrier?: string;
  company?: string;
  popup?: boolean;
  m_redirect_url?: string;
}

export interface CertificationResponse {
  success: boolean;
  imp_uid?: string | null;
  merchant_uid?: string;
  error_code?: string | null;
  error_msg?: string | null;
}

/** V1's ways to pay in a window: a wallet is its own `pg` paid as `card`; phone goes with pg `danal`. */
export type WindowPayMethod = 'card' | 'vbank' | 'trans' | 'phone';

export interface RequestPayParams {
  pg: string;
  pay_method: WindowPayMethod;
  /** 가상계좌: the deposit deadline as the script takes it, YYYYMMDDhhmm in Korean time. */
  vbank_due?: string;
  merchant_uid: string;
  name: string;
  amount: number;
  currency?: 'KRW';
  customer_uid?: string;
  buyer_name?: string;
  buyer_email?: string;
  buyer_tel?: string;
  custom_data?: Record<string, unknown>;
  m_redirect_url?: string;
  popup?: boolean;
  language?: 'ko' | 'en';
}

/** Only ever a hint: the server re-reads the payment before believing any of it. */
export interface RequestPayResponse {
  success: boolean;
  imp_uid?: string | null;
  merchant_uid?: string;
  error_code?: string | null;
  error_msg?: string | null;
  [field: string]: unknown;
}

export interface Imp {
  init(merchantCode: string): void;
  certification(params: CertificationParams, callback: (rsp: CertificationResponse) => void): void;
  request_pay(params: RequestPayParams, callback: (rsp: RequestPayResponse) => void): void;
}

declare global {
  interface Window {
    IMP?: Imp;
  }
}
