import 'server-only';
import { env } from '@/lib/env';
import { testOverride } from '@/lib/overrides';
import { createIamportClient, type IamportClient } from './service-client';

// The app's one way to the payment service. Wire shapes stay in this folder; what is exported is
// the parsed, normalised records, the call options, the result unions and the error classes.

declare module '@/lib/overrides' {
  interface TestOverrides {
    /** A client of the test's own emulator (see test/app-harness.ts). */
    iamport: IamportClient;
  }
}

let client: IamportClient | undefined;

/** The client configured from lib/env.ts (IMP_API_URL, IMP_KEY, IMP_SECRET, IMP_TIMEOUT_MS, IMP_INCLUDE_SANDBOX), made on first use. */
export function iamport(): IamportClient {
  const standIn = testOverride('iamport');
  if (standIn) return standIn;
  client ??= createIamportClient({
    baseUrl: env.IMP_API_URL,
    key: env.IMP_KEY,
    secret: env.IMP_SECRET,
    timeoutMs: env.IMP_TIMEOUT_MS,
    includeSandbox: env.IMP_INCLUDE_SANDBOX,
  });
  return client;
}

export type { BillingKeyOptions, RegisterCardOptions, RegistrationResult } from './billing-keys';
export type { CertificationOptions } from './certifications';
export type { AgainOptions, OnetimeOptions, ResolveChargeOptions } from './charges';
export type { CancelBarcodeOptions, IssueBarcodeOptions } from './cvs';
export {
  IamportApiError,
  IamportAuthenticationError,
  IamportChargeUnknownError,
  IamportConnectionError,
  IamportError,
  IamportInvalidResponseError,
  IamportNotFoundError,
  IamportRequestError,
  IamportTimeoutError,
  IamportWebhookError,
} from './errors';
export { failureOf } from './failure-of';
export type {
  Cancelled,
  ChargeResult,
  Declined,
  Paid,
  PaymentOutcome,
  Ready,
  Rejected,
  ResolvedCharge,
} from './outcomes';
export { classifyPayment } from './outcomes';
export type {
  CancelPaymentOptions,
  FindPaymentOptions,
  GetPaymentOptions,
  GetPreparedPaymentOptions,
  ListAllPaymentsOptions,
  ListPaymentsOptions,
  PreparePaymentOptions,
} from './payments';
export type { CashReceipt, IssueReceiptOptions } from './receipts';
export type {
  GetScheduleOptions,
  ListAllSchedulesOptions,
  ListSchedulesOptions,
  ScheduledCharge,
  ScheduleOptions,
  UnscheduleOptions,
} from './schedules';
export type { BillingKey } from './schemas/billing-key';
export type { Certification } from './schemas/certification';
export type { CancelEntry, Payment, PaymentPage, PreparedPayment } from './schemas/payment';
/** Reads a payment record in V1's shape (lib/provider shows a V2 payment to the shop with it). */
export { paymentSchema } from './schemas/payment';
export type { PaymentStatus } from './schemas/primitives';
export type { Schedule } from './schemas/schedule';
export type { WebhookHint } from './schemas/webhook';
export { createIamportClient, type IamportClient, type IamportClientOptions } from './service-client';
export type { AccountHolderOptions } from './vbanks';
export { parseWebhookBody } from './webhook';
