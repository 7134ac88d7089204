import 'server-only';
import type { z } from 'zod';
import { AppError, badRequest, type FieldErrors } from './errors';

/** Reads a JSON body and validates it; any problem is a 400 naming the fields. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    throw badRequest('요청 본문이 올바른 JSON이 아닙니다.');
  }
  refuseNul(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    // One problem is said in the message itself ("받는 분은(는) 20자까지 입력할 수 있습니다."), for
    // clients that show only the message.
    const problems = Object.values(fields);
    throw badRequest(
      problems.length === 1 ? `입력값을 확인해 주세요. ${problems[0]}` : '입력값을 확인해 주세요.',
      fields,
    );
  }
  return parsed.data;
}

/** Reads a body as text, refusing one over `maxBytes` (413) before reading more than that. */
export async function readTextCapped(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

const tooLarge = () => new AppError(413, 'payload_too_large', '요청 본문이 너무 큽니다.');

/**
 * A NUL character anywhere in the input is refused (400, naming the field): PostgreSQL cannot store
 * one in text, so it would otherwise fail deep inside a query as a 500.
 */
export function refuseNul(value: unknown, path: string[] = []): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      throw badRequest('입력값을 확인해 주세요.', { [path.join('.') || '_']: '허용되지 않는 문자가 있습니다.' });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) refuseNul(item, [...path, key]);
  }
}
