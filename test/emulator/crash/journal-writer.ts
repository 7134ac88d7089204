// A child process for the crash tests: opens the emulator's state in a data directory and makes
// payments as fast as it can, printing `ack <merchant_uid>` once each is journaled (stdout to a
// pipe is synchronous on Linux, so a line the parent read was acknowledged). Killed with SIGKILL.
import { Emulator } from '@/emulator/core/emulator';
import { payOnetime } from '@/emulator/core/service/subscribe-payments';
import { defaultMerchant } from '@/emulator/merchants';
import { cardFields, NOWHERE_URL } from '../kit';

const [dataDir = '', round = '0'] = process.argv.slice(2);
const core = new Emulator({ dataDir, clock: { frozen: true }, merchants: [defaultMerchant(NOWHERE_URL)] });
process.stdout.write('ready\n');
// Records of varied length (some over a page) so that kills land at many points of a write.
for (let i = 0; ; i++) {
  const merchant_uid = `r${round}-${i}`;
  const custom_data = 'x'.repeat((i * 7919) % 20_000);
  payOnetime(core, 'imp00000000', { merchant_uid, amount: 1000, custom_data, ...cardFields() });
  process.stdout.write(`ack ${merchant_uid}\n`);
}
