// The Swagger file's operations, and which of them the emulator's REST routes answer. An operation
// is `METHOD /path/{param}`; a route `METHOD /path/:param` answers it when their segments agree
// (a last path parameter the file marks optional may be left out). Naver Pay and partner-specific
// operations (one PG's or partner's product) are out of scope.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface SwaggerOperation {
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, { schema?: { $ref?: string } }>;
}

const file = path.join(import.meta.dirname, 'iamport-openapi.json');
const swagger = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, SwaggerOperation>> };

export const OUT_OF_SCOPE_TAGS = ['naver', 'benepia', 'kcpquick', 'partners', 'payco', 'paymentwall'];

/** Operations the file gives no success schema: the billing key's, whose body is a CustomerAnnotation. */
const UNDECLARED: Record<string, string> = {
  'GET /subscribe/customers/{customer_uid}': 'CustomerResponse',
  'POST /subscribe/customers/{customer_uid}': 'CustomerResponse',
  'DELETE /subscribe/customers/{customer_uid}': 'CustomerResponse',
};

export interface Operation {
  /** `METHOD /path/{param}` as the file writes it. */
  key: string;
  method: string;
  segments: string[];
  /** The last path parameter may be left out (payment_status on find and findAll). */
  optionalTail: boolean;
  inScope: boolean;
  /** The definition a success body must fit. */
  definition: string | null;
}

export const OPERATIONS: Operation[] = Object.entries(swagger.paths).flatMap(([route, methods]) =>
  Object.entries(methods).map(([verb, op]) => {
    const method = verb.toUpperCase();
    const key = `${method} ${route}`;
    const segments = route.split('/').filter(Boolean);
    const last = segments.at(-1) ?? '';
    const lastParam = op.parameters?.find((p) => p.in === 'path' && `{${p.name}}` === last);
    const ref = op.responses['200']?.schema?.$ref;
    return {
      key,
      method,
      segments,
      optionalTail: lastParam?.required === false,
      inScope: !(op.tags ?? []).some((tag) => OUT_OF_SCOPE_TAGS.includes(tag)),
      definition: ref ? (ref.split('/').at(-1) ?? null) : (UNDECLARED[key] ?? null),
    };
  }),
);

const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{');

function fits(operation: Operation, method: string, segments: string[]): boolean {
  if (operation.method !== method) return false;
  const wanted = operation.optionalTail && segments.length === operation.segments.length - 1;
  if (segments.length !== operation.segments.length && !wanted) return false;
  return segments.every((segment, i) => {
    const theirs = operation.segments[i] ?? '';
    return isParam(segment) ? isParam(theirs) : segment === theirs;
  });
}

/** The operation a route (`METHOD /path/:param`) answers, or undefined when the file has none. */
export function operationOf(route: string): Operation | undefined {
  const [method = '', pattern = ''] = route.split(' ');
  const segments = pattern.split('/').filter(Boolean);
  return OPERATIONS.find((operation) => fits(operation, method, segments));
}

/** In-scope operations and which the given REST routes answer. */
export function coverage(routes: string[]) {
  const inScope = OPERATIONS.filter((operation) => operation.inScope);
  const answered = new Set(routes.map(operationOf).filter((op) => op !== undefined));
  return {
    inScope,
    answered: inScope.filter((operation) => answered.has(operation)),
    missing: inScope.filter((operation) => !answered.has(operation)),
  };
}
