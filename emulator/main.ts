// `npm run emulator`: the payment-service emulator as its own process.
import { defaultMerchant, type Merchant, merchantFromFlag } from './merchants';
import { startEmulator } from './server';

const port = Number(process.env.EMULATOR_PORT ?? 4010);
const dataDir = process.env.EMULATOR_DATA_DIR ?? '.data/emulator';
const callbackUrl = process.env.EMULATOR_CALLBACK_URL;
// The name the hosted windows show for the app's merchant: the shop's own (lib/env.ts SHOP_NAME),
// as a customer would see it at the real service; the control API's `name` changes it later.
const merchantName = process.env.EMULATOR_MERCHANT_NAME || process.env.SHOP_NAME || '임프 상점';

if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`EMULATOR_PORT must be a port number, got "${process.env.EMULATOR_PORT}"`);
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
  dataDir,
  merchants: [defaultMerchant(callbackUrl), ...merchants].map((merchant) => ({ ...merchant, name: merchantName })),
});
console.log(`emulator: listening on ${emulator.url} (data: ${dataDir})`);

const stop = async () => {
  await emulator.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
