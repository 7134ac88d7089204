// PortOne V2's browser script cannot run in jsdom, so component tests install this double of
// window.PortOne (the boundary the app's loader hands over to) and decide what each request
// resolves with, in the SDK's response shapes. The real script (the emulator's) and its windows
// are exercised by the Playwright suite (e2e/app/v2-shop.spec.ts).
import type { IdentityVerificationResponse, IssueBillingKeyResponse, PaymentResponse } from '@portone/browser-sdk/v2';
import { vi } from 'vitest';
import type { PortOneV2 } from '@/lib/browser/portone-v2-types';

interface Answers {
  identity?: IdentityVerificationResponse;
  billingKey?: IssueBillingKeyResponse;
  payment?: PaymentResponse;
}

const unset = { code: 'PORTONE_ERROR', message: 'no answer configured' };

export function installPortOneDouble(answers: Answers) {
  const portOne = {
    requestIdentityVerification: vi.fn(
      async () =>
        answers.identity ?? {
          transactionType: 'IDENTITY_VERIFICATION' as const,
          identityVerificationId: '',
          identityVerificationTxId: '',
          ...unset,
        },
    ),
    requestIssueBillingKey: vi.fn(
      async () => answers.billingKey ?? { transactionType: 'ISSUE_BILLING_KEY' as const, billingKey: '', ...unset },
    ),
    requestPayment: vi.fn(
      async () => answers.payment ?? { transactionType: 'PAYMENT' as const, paymentId: '', txId: '', ...unset },
    ),
  } satisfies PortOneV2;
  // The shop calls only these three of the SDK's functions (lib/browser/portone-loader.ts).
  window.PortOne = portOne as unknown as Window['PortOne'];
  return portOne;
}

/** A cancel as the SDK reports it: a PG failure whose code is USER_CANCEL. */
export const userCancel = (message: string) => ({
  code: 'FAILURE_TYPE_PG',
  message,
  pgCode: 'USER_CANCEL',
  pgMessage: message,
});
