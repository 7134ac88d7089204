import 'server-only';
import type { Buyer } from './provider';

/** The V1 service's limits on buyer fields (spec, Limits); V2 takes these as well. */
const NAME_MAX = 16;
const EMAIL_MAX = 64;

const fitted = (value: string, max: number) => {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= max ? trimmed : undefined;
};

/** A buyer fitted to the service's limits: a value that does not fit is left out, never a reason to fail a payment. */
export const fitBuyer = (buyer: Buyer | undefined) => ({
  name: buyer && fitted(buyer.name, NAME_MAX),
  email: buyer && fitted(buyer.email, EMAIL_MAX),
});
