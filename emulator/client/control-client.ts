// A typed client of a running emulator's control API (and, for convenience, its REST API).

import type { Fault } from '../http/faults';
import { defaultMerchant, type Merchant } from '../merchants';
import type {
  BillingKeyWire,
  CertificationWire,
  CertifyInput,
  CertifyResult,
  CollectResult,
  DepositResult,
  Envelope,
  FaultInput,
  IssuedToken,
  OtpMessage,
  PaymentWire,
  ScheduleWire,
  SwitchInput,
  SwitchSetting,
  WebhookWire,
  WindowPaymentInput,
  WindowPaymentResult,
} from './types';

/** A control-API call failed (400 bad input, 404 unknown). */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}

/** A client of a running emulator's control API (and, for convenience, of its REST API). */
export class EmulatorClient {
  private token: string | null = null;

  constructor(
    readonly url: string,
    /** The merchant whose key `getToken` and `rest` use. */
    readonly merchant: Merchant = defaultMerchant(),
  ) {}

  private async control<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.url}/__emulator/api${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T & { error?: { message: string } };
    if (!res.ok) throw new ControlError(res.status, json.error?.message ?? `${method} ${path}: HTTP ${res.status}`);
    return json;
  }

  /** A merchant's virtual time (UNIX seconds); default: the default merchant's. */
  async now(merchantCode?: string): Promise<number> {
    return (await this.control<{ now: number }>('GET', `/clock${query(merchantCode)}`)).now;
  }

  /**
   * Moves one merchant's virtual clock forward, or every merchant's when none is named; resolves
   * with that merchant's (or the default merchant's) time once everything that fell due has run.
   */
  async advanceClock(seconds: number, merchantCode?: string): Promise<number> {
    const body = merchantCode === undefined ? { seconds } : { seconds, merchant_code: merchantCode };
    return (await this.control<{ now: number }>('POST', '/clock/advance', body)).now;
  }

  /** Forgets all records and faults; merchants and the clock stay. */
  async reset(): Promise<void> {
    this.token = null;
    await this.control('POST', '/reset');
  }

  injectFault(fault: FaultInput): Promise<Fault> {
    return this.control('POST', '/faults', fault);
  }

  async clearFaults(): Promise<void> {
    await this.control('DELETE', '/faults');
  }

  /** Adds or updates a merchant (a new one needs key and secret). */
  upsertMerchant(merchant: Partial<Merchant> & { code: string }): Promise<Merchant> {
    return this.control('POST', '/merchants', merchant);
  }

  merchants(): Promise<Merchant[]> {
    return this.control('GET', '/merchants');
  }

  /** Creates a certification exactly as a completed certification window would. */
  certify(input: CertifyInput): Promise<CertifyResult> {
    return this.control('POST', '/certifications', input);
  }

  /** Does what a completed payment window does (payment or billing-key issuance). */
  completeWindowPayment(input: WindowPaymentInput): Promise<WindowPaymentResult> {
    return this.control('POST', '/window-payments', input);
  }

  state(): Promise<Record<string, number>> {
    return this.control('GET', '/state');
  }

  payments(merchantCode?: string): Promise<(PaymentWire & { merchant_code: string })[]> {
    return this.control('GET', `/payments${query(merchantCode)}`);
  }

  billingKeys(merchantCode?: string): Promise<(BillingKeyWire & { merchant_code: string })[]> {
    return this.control('GET', `/billing-keys${query(merchantCode)}`);
  }

  schedules(merchantCode?: string): Promise<(ScheduleWire & { merchant_code: string })[]> {
    return this.control('GET', `/schedules${query(merchantCode)}`);
  }

  certifications(merchantCode?: string): Promise<(CertificationWire & { merchant_code: string })[]> {
    return this.control('GET', `/certifications${query(merchantCode)}`);
  }

  /** The webhook delivery log, oldest first (`limit`: only the newest n). */
  webhooks(filter: { merchant_code?: string; imp_uid?: string; limit?: number } = {}): Promise<WebhookWire[]> {
    const params = new URLSearchParams(Object.entries(filter).map(([k, v]): [string, string] => [k, String(v)]));
    return this.control('GET', `/webhooks${params.size ? `?${params}` : ''}`);
  }

  webhook(id: string): Promise<WebhookWire> {
    return this.control('GET', `/webhooks/${encodeURIComponent(id)}`);
  }

  /** Sends a delivery again as a new one; resolves with it after its first attempt. */
  redeliverWebhook(id: string): Promise<WebhookWire> {
    return this.control('POST', `/webhooks/${encodeURIComponent(id)}/redeliver`);
  }

  /** Delivers the next notifications twice, late or not at all (`mode: 'normal'` switches back). */
  setWebhookSwitch(input: SwitchInput): Promise<SwitchSetting> {
    return this.control('POST', '/webhooks/switch', input);
  }

  webhookSwitches(): Promise<SwitchSetting[]> {
    return this.control('GET', '/webhooks/switch');
  }

  /** A customer pays a convenience-store barcode at the counter. */
  collectCvs(impUid: string, method: 'cash' | 'card' = 'cash'): Promise<CollectResult> {
    return this.control('POST', `/cvs/${encodeURIComponent(impUid)}/collect`, { method });
  }

  /** Money arrives in a virtual account: all that is left, or `amount` (a partial deposit). */
  deposit(impUid: string, input: { amount?: number; depositor_name?: string } = {}): Promise<DepositResult> {
    return this.control('POST', `/vbanks/${encodeURIComponent(impUid)}/deposit`, input);
  }

  /** The code a certification by REST texted to the phone. */
  otpMessage(impUid: string): Promise<OtpMessage> {
    return this.control('GET', `/certifications/otp/${encodeURIComponent(impUid)}`);
  }

  /** POST /users/getToken with this client's merchant (or other credentials). */
  async getToken(credentials: { key: string; secret: string } = this.merchant): Promise<IssuedToken> {
    const res = await fetch(`${this.url}/users/getToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imp_key: credentials.key, imp_secret: credentials.secret }),
    });
    const body = (await res.json()) as Envelope<IssuedToken>;
    if (!body.response) throw new ControlError(res.status, body.message ?? 'getToken failed');
    return body.response;
  }

  /** An authenticated REST call as this client's merchant (token fetched and reused; renewed after a 401). */
  async rest<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
    for (let attempt = 0; ; attempt++) {
      this.token ??= (await this.getToken()).access_token;
      const res = await fetch(`${this.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      return { status: res.status, body: (await res.json()) as Envelope<T> };
    }
  }
}

const query = (merchantCode?: string) => (merchantCode ? `?merchant_code=${encodeURIComponent(merchantCode)}` : '');
