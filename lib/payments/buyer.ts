import 'server-only';

/** The service's limits on buyer fields (spec, Limits): longer values are refused there. */
const NAME_MAX = 16;
const EMAIL_MAX = 64;

const fitted = (value: string, max: number) => {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= max ? trimmed : undefined;
};

/**
 * A customer as the service's buyer fields take them, for every call that sends them (charges,
 * bookings, windows, barcodes, key-in registration): a value that does not fit is left out —
 * neither cut into something else nor ever a reason to fail a payment.
 */
export function buyerOf(user: { name: string; email: string }): { buyer_name?: string; buyer_email?: string } {
  return { buyer_name: fitted(user.name, NAME_MAX), buyer_email: fitted(user.email, EMAIL_MAX) };
}
