// The package's programmatic API, for other projects' test suites:
//
//   import { defaultMerchant, EmulatorClient, startEmulator } from '@imp-checkout/iamport-emulator';
//   const emu = await startEmulator({ port: 0, merchants: [defaultMerchant('http://127.0.0.1:8080/webhook')] });
//   const control = new EmulatorClient(emu.url);
//   await control.advanceClock(86_400);
//   // PortOne V2: PortOneClient({ secret: 'test_v2_api_secret', baseUrl: emu.v2Url }) (@portone/server-sdk)
//   await emu.close();

export { ControlError, EmulatorClient } from './client/control-client';
export type * from './client/types';
export {
  type ReceivedRequest,
  type ReceiverAnswer,
  startWebhookReceiver,
  type WebhookReceiver,
} from './client/webhook-receiver';
export { TEST_CARDS } from './core/service/test-cards';
export {
  DEFAULT_CALLBACK_URL,
  DEFAULT_V2_WEBHOOK_URL,
  defaultMerchant,
  defaultV2,
  type Merchant,
  type MerchantV2,
  type V2Channel,
} from './merchants';
export { type EmulatorOptions, type RunningEmulator, startEmulator } from './server';
