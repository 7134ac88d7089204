// `npm run emulator`: the payment-service emulator as its own process.
import { defaultMerchant } from './merchants';
import { startEmulator } from './server';

const port = Number(process.env.EMULATOR_PORT ?? 4010);
const dataDir = process.env.EMULATOR_DATA_DIR ?? '.data/emulator';
const callbackUrl = process.env.EMULATOR_CALLBACK_URL;

if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`EMULATOR_PORT must be a port number, got "${process.env.EMULATOR_PORT}"`);
  process.exit(1);
}

const emulator = await startEmulator({ port, dataDir, merchants: [defaultMerchant(callbackUrl)] });
console.log(`emulator: listening on ${emulator.url} (data: ${dataDir})`);

const stop = async () => {
  await emulator.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
