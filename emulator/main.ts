// `npm run emulator`: the payment-service emulator as its own process.
import { defaultMerchant, type Merchant, merchantFromFlag } from './merchants';
import { startEmulator } from './server';

const port = Number(process.env.EMULATOR_PORT ?? 4010);
// PortOne V2's listener: EMULATOR_V2_PORT, else the port after V1's.
const v2Port = Number(process.env.EMULATOR_V2_PORT ?? port + 1);
const dataDir = process.env.EMULATOR_DATA_DIR ?? '.data/emulator';
const callbackUrl = process.env.EMULATOR_CALLBACK_URL;
// The V2 store's webhook URL: EMULATOR_V2_WEBHOOK_URL, else the app's V2 endpoint beside its V1 one.
const v2WebhookUrl =
  process.env.EMULATOR_V2_WEBHOOK_URL ?? (callbackUrl ? new URL('/api/webhooks/portone', callbackUrl).href : undefined);
// The name the hosted windows show for the app's merchant: the shop's own (lib/env.ts SHOP_NAME),
// as a customer would see it at the real service; the control API's `name` changes it later.
const merchantName = process.env.EMULATOR_MERCHANT_NAME || process.env.SHOP_NAME || '임프 상점';

if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`EMULATOR_PORT must be a port number, got "${process.env.EMULATOR_PORT}"`);
  process.exit(1);
}
if (!Number.isInteger(v2Port) || v2Port < 0 || v2Port > 65_535) {
  console.error(`EMULATOR_V2_PORT must be a port number, got "${process.env.EMULATOR_V2_PORT}"`);
  process.exit(1);
}
// More merchants after the default one, each `code:key:secret:callback_url` (the e2e clock apps').
const extra = (process.env.EMULATOR_MERCHANTS ?? '').split(/\s+/).filter(Boolean);
const merchants = extra.map(merchantFromFlag).filter((merchant): merchant is Merchant => merchant !== null);
if (merchants.length < extra.length) {
  console.error(`EMULATOR_MERCHANTS must list code:key:secret:callback_url, got "${process.env.EMULATOR_MERCHANTS}"`);
  process.exit(1);
}

const emulator = await startEmulator({
  port,
  v2Port,
  dataDir,
  merchants: [defaultMerchant(callbackUrl, v2WebhookUrl), ...merchants].map((merchant) => ({
    ...merchant,
    name: merchantName,
  })),
}).catch((error: NodeJS.ErrnoException) => {
  // A port in use (another `npm run dev`, or its emulator) is one line, not a stack trace.
  if (error.code !== 'EADDRINUSE') throw error;
  console.error(
    `emulator: port ${port} or ${v2Port} is in use: is the emulator (npm run dev) already running? EMULATOR_PORT and EMULATOR_V2_PORT move it`,
  );
  process.exit(1);
});
console.log(`emulator: listening on ${emulator.url} (PortOne V2 on ${emulator.v2Url}; data: ${dataDir})`);

const stop = async () => {
  await emulator.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
