import 'server-only';
import { ProviderNotFoundError, ProviderNoticeError } from '../errors';
import type { Notice, ProviderPayment } from '../types';

interface NoticeBody {
  type: string;
  data: Record<string, unknown>;
}

function parse(body: string): NoticeBody {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new ProviderNoticeError('v2', 'the body is not JSON');
  }
  const { type, data } = (value ?? {}) as { type?: unknown; data?: unknown };
  if (typeof type !== 'string' || typeof data !== 'object' || data === null) {
    throw new ProviderNoticeError('v2', 'not a notice: expected { type, data }');
  }
  return { type, data: data as Record<string, unknown> };
}

const text = (data: Record<string, unknown>, field: string) => {
  const value = data[field];
  if (typeof value !== 'string' || value.length === 0 || value.length > 200) {
    throw new ProviderNoticeError('v2', `not a notice: data.${field} missing`);
  }
  return value;
};

/**
 * What a verified V2 notice names, the payment re-read: `Transaction.*` (Paid, Failed, Cancelled,
 * …) by its paymentId, billing keys and identity checks by their ids; any other type is ignored.
 */
export async function readNotice(body: string, readPayment: (id: string) => Promise<ProviderPayment>): Promise<Notice> {
  const { type, data } = parse(body);
  if (type.startsWith('Transaction.')) {
    const paymentId = text(data, 'paymentId');
    try {
      return { kind: 'payment', payment: await readPayment(paymentId) };
    } catch (error) {
      if (error instanceof ProviderNotFoundError) return { kind: 'payment_missing', id: paymentId };
      throw error;
    }
  }
  if (type.startsWith('BillingKey.')) {
    const event = type === 'BillingKey.Issued' ? 'issued' : type === 'BillingKey.Deleted' ? 'deleted' : 'other';
    return { kind: 'billing_key', key: text(data, 'billingKey'), event };
  }
  if (type.startsWith('IdentityVerification.')) return { kind: 'identity', id: text(data, 'identityVerificationId') };
  return { kind: 'ignored', type };
}
