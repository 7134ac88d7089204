// Request bodies: JSON or application/x-www-form-urlencoded, both read into one record. Form
// fields may nest in bracket notation as PHP and Ruby clients send them
// (`schedules[0][merchant_uid]=…`, `merchant_uid[]=…`).
import type { IncomingMessage } from 'node:http';
import { invalid } from '../core/errors';
import type { Body } from '../core/fields';

const LIMIT = 1024 * 1024;

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > LIMIT) throw invalid('body', '요청 본문이 너무 큽니다.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

type Tree = Record<string, unknown>;

function assign(target: Tree, path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const child = target[head];
  const next: Tree = typeof child === 'object' && child !== null ? (child as Tree) : {};
  target[head] = next;
  assign(next, rest[0] === '' ? [String(Object.keys(next).length), ...rest.slice(1)] : rest, value);
}

/** Objects whose keys are 0..n-1 become arrays. */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Tree).map(([k, v]) => [k, arrays(v)] as const);
  const isList = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

export function parseForm(text: string): Body {
  const tree: Tree = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    const path = match?.[1]
      ? [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')]
      : [name];
    assign(tree, path, value);
  }
  return arrays(tree) as Body;
}

/** The body as a record; an empty body is `{}`. */
export async function readBody(req: IncomingMessage): Promise<Body> {
  const text = await readText(req);
  if (text.trim() === '') return {};
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return parseForm(text);
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
