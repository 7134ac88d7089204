import 'server-only';
import { z } from 'zod';
import { type ConsentClient, recordConsent, termTextSha256 } from '@/lib/consents';
import { signupTerm } from '@/lib/consents/client';
import { AppError } from '@/lib/http';
import { iamport } from '@/lib/iamport';

export const marketingChangeSchema = z.object({ agreed: z.boolean(), version: z.string().max(100) }).strict();

/**
 * The customer gives or withdraws 마케팅 정보 수신 on the account page: a new row in the consent log
 * (never a change to an old one), for the text shown now, on the service's clock.
 */
export async function changeMarketingConsent(
  userId: string,
  { agreed, version }: z.infer<typeof marketingChangeSchema>,
  client?: ConsentClient,
): Promise<void> {
  const term = signupTerm('marketing');
  if (version !== term.version) {
    throw new AppError(409, 'consent_outdated', '안내문이 바뀌었습니다. 페이지를 새로 고친 뒤 다시 선택해 주세요.');
  }
  await recordConsent({
    userId,
    kind: 'marketing',
    agreed,
    termsVersion: term.version,
    textSha256: termTextSha256(term),
    givenAt: await iamport().serviceNow(),
    client,
  });
}
