import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { AppError, type FieldErrors } from '@/lib/http';
import { type ConsentClient, recordConsent, sha256 } from './log';
import { SIGNUP_TERMS, type SignupTerm, type SignupTermKind } from './shared/signup-terms';

const answer = z.object({ agreed: z.boolean(), version: z.string().max(100) }).strict();
/** As the signup page sends them; a missing answer is a box left unchecked. */
export const signupConsentsSchema = z
  .object({ terms: answer, privacy: answer, marketing: answer })
  .partial()
  .strict()
  .optional();

/** An answer checked against the text this server serves now, with the hash of that text. */
export interface CheckedTerm {
  kind: SignupTermKind;
  version: string;
  textSha256: string;
  agreed: boolean;
}

/** The hash logged: of the exact text rendered (version, title and every paragraph). */
export const termTextSha256 = (term: SignupTerm) => sha256([term.version, term.title, ...term.body].join('\n'));

/**
 * Both required agreements given for the current texts, or a 422 naming the missing ones (nothing is
 * created); an answer given to an older text is a 409. Marketing left out counts as declined.
 */
export function checkSignupConsents(given: z.infer<typeof signupConsentsSchema>): CheckedTerm[] {
  const missing: FieldErrors = {};
  const checked = SIGNUP_TERMS.map((term) => {
    const reply = given?.[term.kind];
    if (term.required && reply?.agreed !== true) missing[`consents.${term.kind}`] = `${term.title}에 동의해 주세요.`;
    if (reply && reply.version !== term.version) {
      throw new AppError(409, 'consent_outdated', '약관이 바뀌었습니다. 페이지를 새로 고친 뒤 다시 동의해 주세요.');
    }
    return { kind: term.kind, version: term.version, textSha256: termTextSha256(term), agreed: reply?.agreed === true };
  });
  if (Object.keys(missing).length > 0) {
    throw new AppError(
      422,
      'consent_required',
      '필수 약관(이용약관, 개인정보 수집·이용)에 모두 동의해야 가입할 수 있습니다.',
      missing,
    );
  }
  return checked;
}

/** Logs each answer of signup, in the transaction that creates the account. */
export async function logSignupConsents(
  tx: Pick<Db, 'insert'>,
  userId: string,
  terms: CheckedTerm[],
  givenAt: number,
  client?: ConsentClient,
): Promise<void> {
  for (const term of terms) {
    await recordConsent(
      {
        userId,
        kind: term.kind,
        agreed: term.agreed,
        termsVersion: term.version,
        textSha256: term.textSha256,
        givenAt,
        client,
      },
      tx,
    );
  }
}
