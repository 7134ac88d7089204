// The emulator of the webhook tests (emulator/webhooks): its clock frozen at the suites' START and
// its merchants' notices sent to a local receiver (startWebhookReceiver).
import { defaultMerchant, type Merchant } from '@/emulator/merchants';
import type { WebhookOptions } from '@/emulator/webhooks/webhook-service';
import { START } from './conformance/harness';
import { startTestEmulator, type TestEmulator } from './kit';

/**
 * An emulator whose merchants are the default merchant with each of `merchants`' changes (by
 * default the default merchant alone), all of them notifying `receiverUrl`.
 */
export function startNotifyingEmulator(
  receiverUrl: string,
  merchants: Partial<Merchant>[] = [{}],
  webhooks?: WebhookOptions,
): Promise<TestEmulator> {
  return startTestEmulator({
    clock: { start: START, frozen: true },
    merchants: merchants.map((changes) => ({ ...defaultMerchant(receiverUrl), ...changes })),
    webhooks,
  });
}
