import 'server-only';
import { z } from 'zod';
import { notFound } from './errors';

/** Reads one path segment; throws (a 404, as a rule) for a value that cannot name a record. */
export type ParamParser<T = string> = (value: string) => T;

export type ParamParsers = Record<string, ParamParser<unknown>>;

/** What a handler is given: each declared segment, parsed. */
export type ParsedParams<P extends ParamParsers> = { [K in keyof P]: ReturnType<P[K]> };

/** What Next.js passes a route handler (tests pass `{}` to routes without segments). */
export interface RouteContext<P extends ParamParsers> {
  params?: Promise<{ [K in keyof P]: string }>;
}

/** A segment passed on as it came: the service it goes to looks it up and answers 404 itself. */
export const asGiven: ParamParser = (value) => value;

/** A UUID segment; anything else is simply not found, with `message`. */
export const uuidParam =
  (message: string): ParamParser =>
  (value) => {
    if (!z.uuid().safeParse(value).success) throw notFound(message);
    return value;
  };

/** Awaits the route's segments and parses the declared ones. */
export async function readParams<P extends ParamParsers>(
  context: RouteContext<P> | undefined,
  parsers: P | undefined,
): Promise<ParsedParams<P>> {
  const given: Record<string, string> = (await context?.params) ?? {};
  const parsed: Record<string, unknown> = {};
  for (const [name, parse] of Object.entries(parsers ?? {})) parsed[name] = parse(given[name] ?? '');
  return parsed as ParsedParams<P>;
}
