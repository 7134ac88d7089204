// The route wrapper's variants (lib/routes/route.ts): who may call (today's 401/403 answers, word for
// word), the path's segments parsed, and the payment service's failures answered in one place.
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, startSession } from '@/lib/accounts/sessions';
import { conflict } from '@/lib/http/errors';
import { REQUEST_ID_HEADER } from '@/lib/http/request-id';
import { IamportConnectionError } from '@/lib/iamport/errors';
import { IDENTITY_SERVICE_UNAVAILABLE } from '@/lib/identity/refusals';
import { ProviderUnavailableError } from '@/lib/provider';
import { setupTestDatabase } from '@/test/db';
import { createTestUser, pageRequest } from '@/test/factories';
import { signedInOperator } from '@/test/kits/ops';
import { route, uuidParam } from './route';

setupTestDatabase();

const ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const idParam = { id: uuidParam('기록을 찾을 수 없습니다.') };
const context = (params: { id: string }) => ({ params: Promise.resolve(params) });

/** Answers who called and which id, so each case can see what the handler was given. */
const customerRoute = route.customer(
  async (_request, { user, params }) => Response.json({ userId: user.id, id: params.id }),
  { params: idParam },
);
const adminRoute = route.operator(
  'admin',
  async (_request, { operator, params }) => Response.json({ operatorId: operator.id, id: params.id }),
  { params: idParam },
);

async function customerCookie(): Promise<{ cookie: string; userId: string }> {
  const user = await createTestUser();
  return { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await startSession(user.id))}`, userId: user.id };
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; requestId: string } }).error;
}

describe('route.customer', () => {
  it('hands the handler the signed-in customer and the parsed id', async () => {
    const { cookie, userId } = await customerCookie();
    const response = await customerRoute(pageRequest(`/api/x/${ID}`, { cookie }), context({ id: ID }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ userId, id: ID });
  });

  it('without a session: 401 unauthenticated, as requireUserFrom answers', async () => {
    const response = await customerRoute(pageRequest(`/api/x/${ID}`), context({ id: ID }));
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ code: 'unauthenticated', message: '로그인이 필요합니다.' });
  });

  it('an id that is not one: 404 with the parser’s message, after the session is checked', async () => {
    const { cookie } = await customerCookie();
    const response = await customerRoute(pageRequest('/api/x/nope', { cookie }), context({ id: 'nope' }));
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: 'not_found', message: '기록을 찾을 수 없습니다.' });
    expect((await customerRoute(pageRequest('/api/x/nope'), context({ id: 'nope' }))).status).toBe(401);
  });

  it('keeps the same-origin check before anything else', async () => {
    const { cookie } = await customerCookie();
    const post = route.customer(async () => Response.json({}), { sameOrigin: true });
    const response = await post(pageRequest('/api/x', { method: 'POST', cookie, origin: 'https://evil.example' }), {});
    expect(response.status).toBe(403);
  });
});

describe('route.operator', () => {
  it('hands the handler the operator and the parsed id', async () => {
    const { operator, cookie } = await signedInOperator('admin');
    const response = await adminRoute(pageRequest(`/api/ops/x/${ID}`, { cookie }), context({ id: ID }));
    expect(await response.json()).toEqual({ operatorId: operator.id, id: ID });
  });

  it('without a console session: 401 (a customer’s cookie is no operator)', async () => {
    const { cookie } = await customerCookie();
    for (const request of [pageRequest('/api/ops/x'), pageRequest('/api/ops/x', { cookie })]) {
      const response = await adminRoute(request, context({ id: ID }));
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toMatchObject({
        code: 'unauthenticated',
        message: '운영자 로그인이 필요합니다.',
      });
    }
  });

  it('a role short of the route’s: 403 forbidden naming the role needed', async () => {
    const { cookie } = await signedInOperator('refunder');
    const response = await adminRoute(pageRequest('/api/ops/x', { cookie }), context({ id: ID }));
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({
      code: 'forbidden',
      message: '이 작업에는 관리자 이상의 권한이 필요합니다.',
    });
  });

  it('a bad id: 404 once the operator may call', async () => {
    const { cookie } = await signedInOperator('admin');
    const response = await adminRoute(pageRequest('/api/ops/x/1', { cookie }), context({ id: '1' }));
    expect(response.status).toBe(404);
  });
});

describe('route.operatorToken', () => {
  const tokenRoute = route.operatorToken(async () => Response.json({ ok: true }));
  const call = (authorization?: string) =>
    tokenRoute(
      new Request('http://localhost:3000/api/operations/x', { headers: authorization ? { authorization } : {} }),
      {},
    );

  it('needs Authorization: Bearer $OPERATOR_TOKEN', async () => {
    expect((await call(`Bearer ${process.env.OPERATOR_TOKEN}`)).status).toBe(200);
    const refused = await call('Bearer wrong');
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toMatchObject({ code: 'unauthenticated', message: '운영자 인증이 필요합니다.' });
  });
});

describe('errors', () => {
  it('the payment service’s failure: 503 service_unavailable, one Korean message, the request id', async () => {
    const { cookie } = await customerCookie();
    const failing = route.customer(async () => {
      throw new IamportConnectionError('GET /payments/imp_1', { cause: new Error('ECONNREFUSED') });
    });
    const response = await failing(pageRequest('/api/x', { cookie, headers: { [REQUEST_ID_HEADER]: 'req-1' } }), {});
    expect(response.status).toBe(503);
    const error = await errorOf(response);
    expect(error).toEqual({
      code: 'service_unavailable',
      message: '결제 서비스에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.',
      requestId: 'req-1',
    });
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe('req-1');
  });

  it('the same for either PortOne API behind lib/provider', async () => {
    const failing = route(async () => {
      throw new ProviderUnavailableError('v2', 'could not connect to the V2 service');
    });
    const response = await failing(pageRequest('/api/x'), {});
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ code: 'service_unavailable' });
  });

  it('a route whose users need other words for it says so, with the same code and status (identity)', async () => {
    const failing = route(
      async () => {
        throw new IamportConnectionError('GET /certifications/imp_1', { cause: new Error('ECONNREFUSED') });
      },
      { serviceUnavailable: IDENTITY_SERVICE_UNAVAILABLE },
    );
    const response = await failing(pageRequest('/api/identity/verify'), {});
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({
      code: 'service_unavailable',
      message: '본인인증 결과를 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    });
  });

  it('a handler’s own AppError passes through as it is', async () => {
    const { cookie } = await signedInOperator('viewer');
    const refusing = route.operator('viewer', async () => {
      throw conflict('already_done', '이미 처리되었습니다.');
    });
    const response = await refusing(pageRequest('/api/ops/x', { cookie }), {});
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: 'already_done', message: '이미 처리되었습니다.' });
  });
});
