// The service's work on each merchant's clock: scheduled charges and virtual-account deadlines.
// Whoever starts an emulator registers it (server.ts; a test or bench that opens the state
// directly does the same), so the state class (core/emulator.ts) imports none of the rules.
import type { Emulator } from '../emulator';
import { scheduledCharges } from './scheduled-charges';
import { vbankExpiry } from './vbank-deposits';

export function registerDueWork(core: Emulator): void {
  core.addDueWork((merchantCode) => scheduledCharges(core, merchantCode));
  core.addDueWork((merchantCode) => vbankExpiry(core, merchantCode));
}
