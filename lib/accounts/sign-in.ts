import 'server-only';
import { z } from 'zod';
import type { AccountSummary } from '@/lib/accounts/account';
import { AppError } from '@/lib/http';
import { EMAIL_MAX, PASSWORD_MAX } from '@/lib/values/client';
import { hashPassword, verifyPassword } from './password';
import { findUserByEmail, type User } from './users';

export const credentialsSchema = z.object({
  email: z
    .email('올바른 이메일 주소를 입력해 주세요.')
    .max(EMAIL_MAX, `이메일 주소는 ${EMAIL_MAX}자까지 입력할 수 있습니다.`),
  // An empty field says what is missing, not the length rule.
  password: z
    .string()
    .min(1, '비밀번호를 입력해 주세요.')
    .min(8, '비밀번호는 8자 이상이어야 합니다.')
    .max(PASSWORD_MAX, `비밀번호는 ${PASSWORD_MAX}자까지 입력할 수 있습니다.`),
});

// Verifying against a real hash when the email is unknown keeps both paths equally slow,
// so response time does not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;

export async function authenticate(email: string, password: string): Promise<User> {
  const user = await findUserByEmail(email);
  decoyHash ??= hashPassword('decoy-password-for-timing');
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', '이메일 또는 비밀번호가 올바르지 않습니다.');
  return user;
}

export const toAccountSummary = (user: User): AccountSummary => ({
  email: user.email,
  name: user.name,
  birthday: user.birthday,
  gender: user.gender,
  certifiedAt: user.certifiedAt,
});
