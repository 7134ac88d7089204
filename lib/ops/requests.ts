import 'server-only';
import { z } from 'zod';
import { badRequest, type FieldErrors, notFound, refuseUnstorable, uuidParam } from '@/lib/http';
import { OPERATOR_ROLES } from '@/lib/ops/operator-roles';

/** A route's query string validated like a body: a problem is a 400 naming the fields. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  refuseUnstorable(query);
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw badRequest('검색 조건을 확인해 주세요.', fields);
}

/** A subscription's id from the path (`route.operator`'s params); anything but a UUID is simply not found. */
export const subscriptionIdParam = uuidParam('구독을 찾을 수 없습니다.');

/** A webhook delivery's id from the path, likewise. */
export const deliveryIdParam = uuidParam('수신 기록을 찾을 수 없습니다.');

/** An owed refund's id from the path, likewise. */
export const owedRefundIdParam = uuidParam('돌려줄 금액을 찾을 수 없습니다.');

/** One of our merchant_uids from the path (prefix, then base64url); anything else is not found. */
export function merchantUidFrom(value: string): string {
  if (!/^(ord|sub|ren)_[\w-]{10,40}$/.test(value)) throw notFound('결제를 찾을 수 없습니다.');
  return value;
}

export const noteBody = z.object({ note: z.string().trim().max(500, '메모는 500자까지입니다.').default('') }).strict();

export const addOperatorBody = z
  .object({
    email: z.email('올바른 이메일 주소를 입력해 주세요.').max(254),
    role: z.enum(OPERATOR_ROLES, { error: '권한을 골라 주세요.' }),
  })
  .strict();
