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
  refuseUnstorable(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    // One problem is said in the message itself ("받는 분은 20자까지 입력할 수 있습니다."), for
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

/** A NUL character, or half of a UTF-16 surrogate pair with no other half (JSON's `"\ud800"`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is refused
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store the text (in text and in jsonb): no NUL, no lone surrogate. */
export const isStorableText = (text: string) => !UNSTORABLE.test(text);

/**
 * A NUL character or a lone UTF-16 surrogate anywhere in the input, in a value or a key, is refused
 * (400, naming the field): PostgreSQL cannot store either in text or jsonb, so it would otherwise
 * fail deep inside a query as a 500.
 */
export function refuseUnstorable(value: unknown, path: string[] = []): void {
  if (typeof value === 'string') {
    if (!isStorableText(value))
      throw badRequest('입력값을 확인해 주세요.', { [path.join('.') || '_']: '허용되지 않는 문자가 있습니다.' });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) throw badRequest('입력값을 확인해 주세요.', { _: '허용되지 않는 문자가 있습니다.' });
      refuseUnstorable(item, [...path, key]);
    }
  }
}
