import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { Operator } from './operators';
import { OPS_SESSION_COOKIE, operatorForSession } from './sessions';

/** The console's pages: only an operator's own cookie opens them (a customer's session is nobody here). */
export async function currentOperator(): Promise<Operator | undefined> {
  return operatorForSession((await cookies()).get(OPS_SESSION_COOKIE)?.value);
}

/** Pages of the console: no operator → sign-in; the one-time password unchanged → change it first. */
export async function requireOperatorPage(): Promise<Operator> {
  const operator = await currentOperator();
  if (!operator) redirect('/ops/signin');
  if (operator.mustChangePassword) redirect('/ops/password');
  return operator;
}
