// What every answer must be, whatever was asked: never a 5xx; on the REST API the service's
// envelope with a success body that fits the Swagger definition of its route; on the control API
// JSON (`{ error: { message } }` when refused); on the browser routes a page, a script or JSON.
import { restApi } from '@/emulator/api';
import { CONTROL_PREFIX } from '@/emulator/control/control-api';
import { Router } from '@/emulator/http/router';
import { schemaErrors } from '../conformance/openapi-schema';
import { operationOf } from '../conformance/operations';
import type { FuzzRequest } from './requests';

/** The Swagger definition each REST route's success answer must fit, from the file itself. */
const definitions = new Router<string>();
for (const route of restApi().routes()) {
  const definition = operationOf(route)?.definition;
  const [method = '', pattern = ''] = route.split(' ');
  if (definition) definitions.on(method, pattern, definition);
}

export interface Answer {
  status: number;
  type: string;
  text: string;
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What is wrong with this answer to this request, or null when it keeps the contract. */
export function breach(request: FuzzRequest, answer: Answer): string | null {
  if (answer.status >= 500) return `HTTP ${answer.status}`;
  if (request.method === 'HEAD') return null;
  const pathname = new URL(`http://emulator${request.path}`).pathname;
  if (pathname.startsWith(`${CONTROL_PREFIX}/`)) {
    const body = json(answer.text) as { error?: { message?: unknown } } | undefined;
    if (body === undefined) return 'control API answer is not JSON';
    if (answer.status >= 400 && typeof body.error?.message !== 'string') return 'control API error without a message';
    return null;
  }
  // /v2/: PortOne V2's browser script and windows (their JSON is the window answer, not the envelope).
  const browser = pathname.startsWith('/__emulator') || /^\/(js|v1|v2)\//.test(pathname);
  if (answer.type.startsWith('application/json') && !browser) {
    const envelope = json(answer.text) as { code?: unknown; message?: unknown; response?: unknown } | undefined;
    if (!envelope || !Number.isInteger(envelope.code)) return 'REST answer is not the envelope';
    if (envelope.code !== 0) {
      if (typeof envelope.message !== 'string' || envelope.message === '') return 'failure without a message';
      return envelope.response === null ? null : 'failure with a response';
    }
    // 207: a read of several records that found only some (GET /payments, GET /subscribe/customers).
    if ((answer.status !== 200 && answer.status !== 207) || envelope.message !== null)
      return 'success that is not HTTP 200 with message null';
    const definition = definitions.match(request.method, pathname)?.handler;
    if (!definition) return `success on ${request.method} ${pathname}, which has no Swagger definition`;
    const errors = schemaErrors(definition, envelope);
    return errors.length ? `${definition}: ${errors.slice(0, 3).join('; ')}` : null;
  }
  if (!browser) {
    return `REST path answered ${answer.type || 'no content type'}`;
  }
  return answer.type ? null : 'answer without a content type';
}
