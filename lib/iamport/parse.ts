import 'server-only';
import { z } from 'zod';
import {
  IamportApiError,
  IamportAuthenticationError,
  IamportInvalidResponseError,
  IamportNotFoundError,
  IamportRequestError,
} from './errors';
import type { Answer } from './http';

/** A call's options object: its fields, plus the per-call timeout; unknown keys are refused. */
export function options<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject({
    ...shape,
    timeoutMs: z.number().int('expected whole milliseconds').positive().optional(),
  });
}

const fieldOf = (path: ReadonlyArray<PropertyKey>) => path.map(String).join('.');

/** Validates a call's options before anything is sent; the error names every bad field. */
export function parseRequest<S extends z.ZodType>(operation: string, schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new IamportRequestError(
    operation,
    parsed.error.issues.map((issue) => ({ field: fieldOf(issue.path) || '(options)', message: issue.message })),
  );
}

/** Parses a record inside an answer; a mismatch names the request and the field. */
export function parseRecord<S extends z.ZodType>(answer: Answer, schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new IamportInvalidResponseError(
    answer.request,
    fieldOf(['response', ...(issue?.path ?? [])]),
    issue?.message ?? 'does not fit',
  );
}

/** The typed error for an answer that is not a success. */
export function failureOf(answer: Answer): IamportApiError {
  const args = [
    answer.request,
    answer.status,
    answer.envelope?.code ?? null,
    answer.envelope?.message ?? null,
  ] as const;
  if (answer.status === 401) return new IamportAuthenticationError(...args);
  if (answer.status === 404) return new IamportNotFoundError(...args);
  return new IamportApiError(...args);
}

export const succeeded = (answer: Answer) => answer.status >= 200 && answer.status < 300 && answer.envelope?.code === 0;

/** The payload of a successful answer, parsed with `schema`; anything else as a typed error. */
export function readPayload<S extends z.ZodType>(answer: Answer, schema: S): z.output<S> {
  if (answer.envelope === null && answer.status >= 200 && answer.status < 300) {
    throw new IamportInvalidResponseError(answer.request, 'body', 'not a JSON envelope {code, message, response}');
  }
  if (!succeeded(answer)) throw failureOf(answer);
  if (answer.envelope?.response == null) {
    throw new IamportInvalidResponseError(answer.request, 'response', 'missing on a successful answer');
  }
  return parseRecord(answer, schema, answer.envelope.response);
}

/** For reads where the service answers "no such record" either as 404 or as 200 with a non-zero code. */
export function readFound<S extends z.ZodType>(answer: Answer, schema: S): z.output<S> {
  const { envelope } = answer;
  if (answer.status === 200 && envelope && envelope.code !== 0 && envelope.response == null) {
    throw new IamportNotFoundError(answer.request, answer.status, envelope.code, envelope.message);
  }
  return readPayload(answer, schema);
}
