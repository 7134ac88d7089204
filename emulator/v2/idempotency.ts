// `Idempotency-Key` on mutating requests (the service's rules): 16–256 characters of letters,
// digits, `-` and `_`; the same key and request within 3 hours (the merchant's clock) answers the
// first answer again; a repeat while the first still runs answers 409
// IDEMPOTENCY_OUTSTANDING_REQUEST; the same key with another request answers 422 (IETF draft).

import type { Emulator } from '../core/emulator';
import { scoped } from '../core/store/store';
import type { Reply } from '../http/reply';
import { invalidRequest, V2Error } from './errors';

export const IDEMPOTENCY_SECONDS = 3 * 3600;
const KEY = /^[A-Za-z0-9_-]{16,256}$/;

export async function withIdempotency(
  core: Emulator,
  merchantCode: string,
  key: string,
  fingerprint: string,
  run: () => Promise<Reply>,
): Promise<Reply> {
  if (!KEY.test(key)) throw invalidRequest('Idempotency-Key: 16~256자의 영문 대소문자, 숫자, -, _이어야 합니다.');
  const table = core.store.v2Idempotency;
  const now = core.now(merchantCode);
  const kept = table.get(scoped(merchantCode, key));
  if (kept && kept.created_at + IDEMPOTENCY_SECONDS > now) {
    if (kept.fingerprint !== fingerprint)
      throw new V2Error(422, 'IDEMPOTENCY_KEY_REUSED', '같은 멱등 키로 다른 요청을 보냈습니다.');
    if (kept.state === 'running')
      throw new V2Error(409, 'IDEMPOTENCY_OUTSTANDING_REQUEST', '같은 멱등 키의 요청이 아직 처리 중입니다.');
    return { status: kept.status, json: kept.json, headers: { 'idempotent-replayed': 'true' }, at: now };
  }
  const record = { merchant_code: merchantCode, key, fingerprint, created_at: now, status: 0, json: null };
  // Running is a passing state: after a restart the key is free again (nothing was answered).
  table.putVolatile({ ...record, state: 'running' });
  try {
    const reply = await run();
    if ('json' in reply) table.put({ ...record, state: 'done', status: reply.status, json: reply.json });
    return reply;
  } catch (error) {
    // An error answer is kept as any answer; an unexpected failure frees the key.
    if (error instanceof V2Error)
      table.put({
        ...record,
        state: 'done',
        status: error.status,
        json: { type: error.type, message: error.message, ...error.extra },
      });
    else table.delete(scoped(merchantCode, key));
    throw error;
  }
}
