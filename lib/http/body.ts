import 'server-only';
import type { z } from 'zod';
import { badRequest, type FieldErrors } from './errors';

/** Reads a JSON body and validates it; any problem is a 400 naming the fields. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    throw badRequest('요청 본문이 올바른 JSON이 아닙니다.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    throw badRequest('입력값을 확인해 주세요.', fields);
  }
  return parsed.data;
}
