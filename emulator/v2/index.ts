// PortOne V2's REST API (served on the emulator's second listener, server.ts) and its work on the
// merchants' clocks.
import type { Emulator } from '../core/emulator';
import { V2Api } from './api';
import { authRoutes } from './routes/auth';
import { billingKeyRoutes } from './routes/billing-keys';
import { cashReceiptRoutes } from './routes/cash-receipts';
import { checkoutProfileRoutes } from './routes/checkout-profiles';
import { commonRoutes } from './routes/common';
import { confirmationRoutes } from './routes/confirmations';
import { escrowRoutes } from './routes/escrows';
import { identityVerificationRoutes } from './routes/identity-verifications';
import { paymentRoutes } from './routes/payments';
import { pgSpecificRoutes } from './routes/pg-specific';
import { reconciliationRoutes } from './routes/reconciliation';
import { scheduleRoutes } from './routes/schedules';
import { sessionRoutes } from './routes/sessions';
import { v2ScheduledPayments } from './service/schedules';

export function v2Api(): V2Api {
  const api = new V2Api();
  for (const routes of [
    authRoutes,
    paymentRoutes,
    billingKeyRoutes,
    scheduleRoutes,
    cashReceiptRoutes,
    commonRoutes,
    escrowRoutes,
    confirmationRoutes,
    pgSpecificRoutes,
    reconciliationRoutes,
    identityVerificationRoutes,
    sessionRoutes,
    checkoutProfileRoutes,
  ])
    routes(api);
  return api;
}

/** V2's scheduled payments on each merchant's timeline (after V1's due work: server.ts). */
export function registerV2DueWork(core: Emulator): void {
  core.addDueWork((merchantCode) => v2ScheduledPayments(core, merchantCode));
}
