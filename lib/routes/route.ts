import 'server-only';
import { requireUserFrom } from '@/lib/accounts';
import {
  assertOperator,
  type ParamParsers,
  type ParsedParams,
  plainRoute,
  type RouteContext,
  type RouteOptions,
  readParams,
} from '@/lib/http';
import type { Operator } from '@/lib/ops';
import { requireOperator } from '@/lib/ops';
import type { OperatorRole } from '@/lib/ops/client';
import { wirePorts } from '@/lib/wiring';

// Whatever process serves a route or a page answers the lower layers' ports (idempotent; the
// app's instrumentation wires them too, and the tests' setup).
wirePorts();

export { asGiven, requestIdOf, uuidParam, withApiHeaders } from '@/lib/http';

// The route wrapper and its variants, after dub's `withWorkspace`: a variant authenticates the
// request (with today's 401/403 answers), awaits the path's segments and parses the declared ones,
// then hands the handler what it needs. Every variant maps errors as `route()` does.
//
//   export const POST = route.customer(
//     async (request, { user, params }) => Response.json(await cancel(user, params.id)),
//     { sameOrigin: true, params: { id: subscriptionIdFrom } },
//   );

interface Options<P extends ParamParsers> extends RouteOptions {
  /** The path's segments the handler reads, each with its parser (`asGiven`, `uuidParam(…)`, a domain's own). */
  params?: P;
}

type Guarded<Who, P extends ParamParsers> = (
  request: Request,
  context: Who & { params: ParsedParams<P> },
) => Promise<Response>;

type RouteHandler<P extends ParamParsers> = (request: Request, context: RouteContext<P>) => Promise<Response>;

function guarded<Who>(authenticate: (request: Request) => Promise<Who>) {
  return <P extends ParamParsers = Record<never, never>>(
    handler: Guarded<Who, P>,
    options: Options<P> = {},
  ): RouteHandler<P> =>
    plainRoute<RouteContext<P>>(async (request, context) => {
      const who = await authenticate(request);
      return handler(request, { ...who, params: await readParams(context, options.params) });
    }, options);
}

/** A signed-in customer's route: 401 `unauthenticated` without a session. */
const customer = guarded(async (request) => ({ user: await requireUserFrom(request) }));

/** A console route: 401 without an operator's session, 403 before the one-time password is changed or short of `role`. */
const operator = <P extends ParamParsers = Record<never, never>>(
  role: OperatorRole | 'signed-in',
  handler: Guarded<{ operator: Operator }, P>,
  options: Options<P> = {},
) => guarded(async (request) => ({ operator: await requireOperator(request, role) }))(handler, options);

/** An operations route called with `Authorization: Bearer $OPERATOR_TOKEN` (404 without the variable, 401 without it). */
const operatorToken = guarded(async (request) => {
  assertOperator(request);
  return {};
});

/** `route()` maps errors (public routes); `route.customer`, `route.operator`, `route.operatorToken` authenticate first. */
export const route = Object.assign(plainRoute, { customer, operator, operatorToken });
