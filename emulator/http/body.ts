// Request bodies: JSON or application/x-www-form-urlencoded, both read into one record. Form
// fields may nest in bracket notation as PHP and Ruby clients send them
// (`schedules[0][merchant_uid]=…`, `merchant_uid[]=…`), parsed by qs into objects without a
// prototype. Whatever a body holds, it cannot reach Object.prototype: the names `__proto__`,
// `constructor` and `prototype` are refused at any depth, and size, depth and counts are bounded.
import type { IncomingMessage } from 'node:http';
import qs from 'qs';
import { invalid, ServiceError } from '../core/wire/errors';
import type { Body } from '../core/wire/fields';

/** Every body, whatever the route: 1 MiB (413 beyond). */
export const BODY_LIMIT = 1024 * 1024;
/** Nesting (a schedule item's field is depth 3) and the number of values a body may hold. */
const MAX_DEPTH = 8;
const MAX_NODES = 20_000;
const FORBIDDEN = /(^|[[\].])(__proto__|constructor|prototype)($|[[\].])/;

export const tooLarge = () =>
  new ServiceError(413, -1, `body: 요청 본문이 너무 큽니다 (최대 ${BODY_LIMIT / 1024 / 1024} MiB).`);
const forbidden = (name: string) => invalid('body', `허용되지 않는 필드 이름입니다: ${name.slice(0, 40)}`);

function readText(req: IncomingMessage): Promise<string> {
  const length = req.headers['content-length'];
  if (Number(length) > BODY_LIMIT) return Promise.reject(tooLarge());
  // Neither a length nor chunks (most reads: a GET): HTTP/1.1 says there is no body.
  if (length === '0' || (length === undefined && req.headers['transfer-encoding'] === undefined)) {
    return Promise.resolve('');
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        // Stop reading: what is left is not read (the 413 closes the connection).
        req.pause();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Walks a parsed body without recursion: forbidden names, depth and size. */
function checkTree(root: unknown): void {
  const stack: [unknown, number][] = [[root, 0]];
  let nodes = 0;
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [value, depth] = item;
    if (++nodes > MAX_NODES) throw invalid('body', `값이 너무 많습니다 (최대 ${MAX_NODES}개).`);
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_DEPTH) throw invalid('body', `중첩이 너무 깊습니다 (최대 ${MAX_DEPTH}단계).`);
    for (const [key, child] of Object.entries(value)) {
      if (FORBIDDEN.test(key)) throw forbidden(key);
      stack.push([child, depth + 1]);
    }
  }
}

export function parseForm(text: string): Body {
  const names = new URLSearchParams(text).keys();
  for (const name of names) if (FORBIDDEN.test(name)) throw forbidden(name);
  try {
    return qs.parse(text, {
      plainObjects: true,
      allowPrototypes: false,
      depth: MAX_DEPTH - 1,
      strictDepth: true,
      arrayLimit: 1000,
      parameterLimit: 2000,
      throwOnLimitExceeded: true,
    }) as Body;
  } catch (error) {
    if (error instanceof RangeError) throw invalid('body', '필드가 너무 많거나 너무 깊습니다.');
    throw error;
  }
}

function parseJson(text: string): Body {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('body', 'JSON 또는 form-urlencoded 형식이어야 합니다.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalid('body', 'JSON 객체여야 합니다.');
  return parsed as Body;
}

/** The body as a record; an empty body is `{}`. */
export async function readBody(req: IncomingMessage): Promise<Body> {
  const text = await readText(req);
  if (text.trim() === '') return {};
  const type = req.headers['content-type'] ?? '';
  const body = type.includes('application/x-www-form-urlencoded') ? parseForm(text) : parseJson(text);
  checkTree(body);
  return body;
}
