import 'server-only';
import { type IamportClient, IamportNotFoundError, parseWebhookBody } from '@/lib/iamport';
import type { Notice } from '../types';
import { fromPayment } from './records';

/**
 * A V1 notice ({ imp_uid, merchant_uid, status }, JSON or form-encoded) carries no signature: it
 * is a hint, and the payment it names is read back with our credentials — what a stranger posts
 * can only make us read our own record.
 */
export async function fromIamportNotice(client: IamportClient, body: string, headers: Headers): Promise<Notice> {
  const hint = parseWebhookBody(body, headers.get('content-type'));
  try {
    return { kind: 'payment', payment: fromPayment(await client.payments.get({ imp_uid: hint.imp_uid })) };
  } catch (error) {
    if (error instanceof IamportNotFoundError) return { kind: 'payment_missing', id: hint.imp_uid };
    throw error;
  }
}
