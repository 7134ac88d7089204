import { randomBytes } from 'node:crypto';

// Random bytes are drawn from the system 4 KiB at a time and handed out from that pool: one
// randomBytes call serves dozens of ids instead of one call per digit.
const POOL = 4096;
let pool = randomBytes(POOL);
let used = 0;

function bytes(n: number): Buffer {
  if (used + n > POOL) {
    pool = randomBytes(POOL);
    used = 0;
  }
  used += n;
  return pool.subarray(used - n, used);
}

/** `n` random decimal digits: bytes below 250 map evenly onto 0–9, the few above are skipped. */
function digits(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const byte of bytes(2 * (n - out.length))) {
      if (byte < 250) out += String(byte % 10);
      if (out.length === n) break;
    }
  }
  return out;
}

const hex = (n: number) => bytes(n).toString('hex');

/** `imp_` + 12 digits, like the real service; `taken` guards against the rare collision. */
export function newImpUid(taken: (id: string) => boolean): string {
  for (;;) {
    const id = `imp_${digits(12)}`;
    if (!taken(id)) return id;
  }
}

/** An opaque bearer token (the real ones are 40 hex characters). */
export const newAccessToken = () => hex(20);

export const newPgTid = () => `emu${digits(8)}${hex(6)}`;
export const newApplyNum = () => digits(8);
export const newCancellationId = () => `cncl_${hex(8)}`;
export const newBarcode = () => `8${digits(17)}`;
export const newMerchantUid = (prefix: string) => `${prefix}_${Date.now().toString(36)}${hex(4)}`;
export const newVbankNum = () => `9${digits(13)}`;
export const newReceiptTid = () => `emurcpt${digits(10)}`;
export const newOtp = () => digits(6);
