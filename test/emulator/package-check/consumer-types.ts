// Type-checked against the installed package's declarations (moduleResolution nodenext, no
// skipLibCheck) by pack.test.ts: the programmatic API as another project's TypeScript sees it.
import {
  defaultMerchant,
  EmulatorClient,
  type EmulatorOptions,
  type PaymentWire,
  type RunningEmulator,
  startEmulator,
  TEST_CARDS,
} from '@imp-checkout/iamport-emulator';

const emulator: RunningEmulator = await startEmulator({
  port: 0,
  dataDir: ':memory:',
  clock: { frozen: true },
  merchants: [defaultMerchant('http://127.0.0.1:1/')],
} satisfies EmulatorOptions);
const client = new EmulatorClient(emulator.url);
const now: number = await client.advanceClock(60, 'imp00000000');
const card: string = TEST_CARDS.approved;
const payments: PaymentWire[] = await client.payments();
console.log(now, card, payments.length);
await emulator.close();
