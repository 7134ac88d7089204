import { invalid } from '../core/wire/errors';
import { param, type RestContext } from './rest';

/** The customer_uid of a path (at most 80 characters). */
export function customerUid(ctx: RestContext): string {
  const uid = param(ctx, 'customer_uid');
  if (uid.length > 80) throw invalid('customer_uid', '최대 80자까지 입력할 수 있습니다.');
  return uid;
}
