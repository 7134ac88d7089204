import 'server-only';
import { z } from 'zod';
import { normaliseEmail } from '@/lib/accounts';
import { clientAddress } from '@/lib/http';
import { forgive, type Limit, spend } from '@/lib/rate-limit';
import { authenticateOperator, type Operator } from './operators';
import { startOperatorSession } from './sessions';

/** Staff accounts open refunds: fewer guesses than a customer's account. */
export const OPS_SIGN_IN_PER_ACCOUNT: Limit = { name: 'ops-signin-account', points: 5, windowSeconds: 15 * 60 };
export const OPS_SIGN_IN_PER_ADDRESS: Limit = { name: 'ops-signin-address', points: 20, windowSeconds: 15 * 60 };

export const opsCredentialsSchema = z.object({
  email: z.email('올바른 이메일 주소를 입력해 주세요.').max(254, '이메일 주소가 너무 깁니다.'),
  // An empty field says what is missing, not the length rule.
  password: z
    .string()
    .min(1, '비밀번호를 입력해 주세요.')
    .min(8, '비밀번호는 8자 이상이어야 합니다.')
    .max(200, '비밀번호가 너무 깁니다.'),
});

export const passwordChangeSchema = z.object({
  current: z.string().min(1, '현재 비밀번호를 입력해 주세요.').max(200, '비밀번호가 너무 깁니다.'),
  next: z.string().min(12, '새 비밀번호는 12자 이상이어야 합니다.').max(200, '비밀번호가 너무 깁니다.'),
});

/** Signs an operator in, rate-limited per address and per account; answers the operator and the cookie value. */
export async function signInOperator(
  request: Request,
  { email, password }: z.infer<typeof opsCredentialsSchema>,
): Promise<{ operator: Operator; cookie: string }> {
  const account = normaliseEmail(email);
  // Spent before the key derivation: guessing costs the guesser, not the server.
  await spend(OPS_SIGN_IN_PER_ADDRESS, clientAddress(request) ?? 'unknown');
  await spend(OPS_SIGN_IN_PER_ACCOUNT, account);
  const operator = await authenticateOperator(email, password);
  await forgive(OPS_SIGN_IN_PER_ACCOUNT, account);
  return { operator, cookie: await startOperatorSession(operator.id) };
}
