import 'server-only';
import { AppError, readCookie } from '@/lib/http';
import { hasRole, type OperatorRole, roleLabel } from '@/lib/ops/operator-roles';
import type { Operator } from './operators';
import { OPS_SESSION_COOKIE, operatorForSession } from './sessions';

/** The operator of a request's console cookie, if any (a customer's cookie is never read here). */
export const operatorFrom = (request: Request) => operatorForSession(readCookie(request, OPS_SESSION_COOKIE));

/**
 * Every /api/ops route starts here (through `route.operator`): 401 without an operator's session,
 * 403 while the one-time password is unchanged or when the role is short of `needed`. `signed-in`
 * asks only for the session: changing that one-time password itself.
 */
export async function requireOperator(request: Request, needed: OperatorRole | 'signed-in'): Promise<Operator> {
  const operator = await operatorFrom(request);
  if (!operator) throw new AppError(401, 'unauthenticated', '운영자 로그인이 필요합니다.');
  if (needed === 'signed-in') return operator;
  if (operator.mustChangePassword) {
    throw new AppError(403, 'password_change_required', '처음 로그인하셨습니다. 비밀번호를 먼저 바꿔 주세요.');
  }
  if (!hasRole(operator.role, needed)) {
    throw new AppError(403, 'forbidden', `이 작업에는 ${roleLabel[needed]} 이상의 권한이 필요합니다.`);
  }
  return operator;
}
