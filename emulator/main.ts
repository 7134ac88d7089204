// `npm run emulator`: the payment-service emulator as its own process.
import { defaultMerchant } from './merchants';
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

const emulator = await startEmulator({
  port,
  dataDir,
  merchants: [{ ...defaultMerchant(callbackUrl), name: merchantName }],
});
console.log(`emulator: listening on ${emulator.url} (data: ${dataDir})`);

const stop = async () => {
  await emulator.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
