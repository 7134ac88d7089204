import 'server-only';
import { log } from '@/lib/log';
import { IamportError } from './errors';

/**
 * One item of a reconciliation run that could not be processed, as its report says it: the
 * service's refusal or outage by its message; anything else (a bug, a row out of shape) also by its
 * kind, and logged with its stack — one broken row never stops the run for the rest.
 */
export function failureOf(what: string, error: unknown): string {
  if (error instanceof IamportError) return `${what}: ${error.message}`;
  log.error({ component: 'reconciliation', item: what, err: error }, 'reconciliation item failed');
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  return `${what}: ${name}: ${message}`;
}
