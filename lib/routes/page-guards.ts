import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { SESSION_COOKIE, type User, userForSession } from '@/lib/accounts';
import { OPS_SESSION_COOKIE, type Operator, operatorForSession } from '@/lib/ops';
import { wirePorts } from '@/lib/wiring';

// Whatever process serves a route or a page answers the lower layers' ports (idempotent; the
// app's instrumentation wires them too, and the tests' setup).
wirePorts();

// The pages' guards, beside the routes' (they read Next's request cookies, so the domains, which
// commands also load, stay free of Next).

/** In server components and pages. */
export async function currentUser(): Promise<User | undefined> {
  return userForSession((await cookies()).get(SESSION_COOKIE)?.value);
}

/** Pages that need a customer send visitors to sign in and bring them back afterwards. */
export async function requireUser(returnTo: string): Promise<User> {
  const user = await currentUser();
  if (!user) redirect(`/signin?next=${encodeURIComponent(returnTo)}`);
  return user;
}

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
