import { randomBytes, randomInt } from 'node:crypto';

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

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
