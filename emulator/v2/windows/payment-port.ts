// What the payment and billing-key windows need from the V2 payment service (emulator/v2/service,
// helper v2-api's): the checks before a window opens, and the window's completion. The server
// wires the real implementation in (payment-core.ts); tests may give another.
import type { Emulator } from '../../core/emulator';
import type { Body } from '../../core/wire/fields';
import type { Merchant } from '../../merchants';
import type { V2WindowMethod } from './methods';
import type { V2WindowKind, V2WindowSession } from './sessions';

/** What the customer entered: a card (window fields, expiry as YYYY-MM) or a wallet account's phone. */
export type V2MethodInput =
  | { type: 'card'; card_number: string; expiry: string; birth: string; pwd_2digit: string }
  | { type: 'wallet'; provider: string; phone: string };

/** txId: the payment's transactionId once one was recorded (the session's attempt id otherwise). */
export type V2WindowOutcome =
  | { ok: true; billingKey?: string; txId?: string }
  | { ok: false; message: string; pgCode: string; billingKey?: string; txId?: string };

export interface V2PaymentPort {
  /** Throws a V2Error when the request must be refused before its window (already paid, …). */
  check(core: Emulator, merchant: Merchant, kind: V2WindowKind, request: Body): void;
  /** Pays, issues, or issues and pays: the records, the webhooks, and what the SDK reports. */
  complete(core: Emulator, session: V2WindowSession, method: V2WindowMethod, input: V2MethodInput): V2WindowOutcome;
}
