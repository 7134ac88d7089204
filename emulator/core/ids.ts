import { randomBytes } from 'node:crypto';

/**
 * `n` random decimal digits from one randomBytes call: bytes below 250 map evenly onto 0–9, the
 * few above are skipped (twice the bytes needed leaves a shortfall about once in 10^20 ids).
 */
function digits(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const byte of randomBytes(2 * n)) {
      if (byte < 250) out += String(byte % 10);
      if (out.length === n) break;
    }
  }
  return out;
}

/** `imp_` + 12 digits, like the real service; `taken` guards against the rare collision. */
export function newImpUid(taken: (id: string) => boolean): string {
  for (;;) {
    const id = `imp_${digits(12)}`;
    if (!taken(id)) return id;
  }
}

/** An opaque bearer token (the real ones are 40 hex characters). */
export const newAccessToken = () => randomBytes(20).toString('hex');

export const newPgTid = () => `emu${digits(8)}${randomBytes(6).toString('hex')}`;
export const newApplyNum = () => digits(8);
export const newCancellationId = () => `cncl_${randomBytes(8).toString('hex')}`;
export const newBarcode = () => `8${digits(17)}`;
export const newMerchantUid = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
