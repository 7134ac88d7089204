import { readJson } from '@/lib/http/body';
import { readCookie } from '@/lib/http/cookies';
import { AppError } from '@/lib/http/errors';
import { route } from '@/lib/http/handler';
import { operatorFrom } from '@/lib/ops/guard';
import { changeOperatorPassword, toOperatorSummary } from '@/lib/ops/operators';
import { OPS_SESSION_COOKIE } from '@/lib/ops/sessions';
import { passwordChangeSchema } from '@/lib/ops/sign-in';

// POST /api/ops/password — an operator replaces their password (the one-time one first of all)
export const POST = route(
  async (request) => {
    const operator = await operatorFrom(request);
    if (!operator) throw new AppError(401, 'unauthenticated', '운영자 로그인이 필요합니다.');
    const { current, next } = await readJson(request, passwordChangeSchema);
    const keep = readCookie(request, OPS_SESSION_COOKIE);
    return Response.json({ operator: toOperatorSummary(await changeOperatorPassword(operator, current, next, keep)) });
  },
  { sameOrigin: true },
);
