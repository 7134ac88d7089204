// The customer's bank account a 가상계좌 payment is refunded to (the money goes back by transfer):
// how the console shows it (the banks and the typed account's checks: lib/values/bank-account.ts).
// Client-safe.

/** An account as the console shows it. */
export interface RefundAccountView {
  bank: string;
  bankName: string;
  account: string;
  holder: string;
}
