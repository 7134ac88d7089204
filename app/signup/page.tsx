import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignupFlow } from '@/components/identity/signup-flow';
import { env } from '@/lib/env';
import { parseWindowMode } from '@/lib/identity/client';
import { impConfig } from '@/lib/imp-config';
import { currentUser } from '@/lib/routes';
import { safeReturnPath } from '@/lib/values/client';

export const metadata: Metadata = { title: '회원가입' };

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function SignupPage({ searchParams }: { searchParams: Promise<Query> }) {
  if (await currentUser()) redirect('/account');
  const query = await searchParams;
  // m_redirect_url mode (V1) or redirectUrl (V2): the service sends the browser back here with the result in the query.
  const impSuccess = one(query.imp_success);
  const v2 = one(query.transactionType) === 'IDENTITY_VERIFICATION';
  const redirectResult = v2
    ? {
        identityVerificationId: one(query.identityVerificationId),
        success: one(query.code) === undefined,
        errorMessage: one(query.pgMessage) ?? one(query.message),
      }
    : impSuccess === undefined
      ? undefined
      : { impUid: one(query.imp_uid), success: impSuccess === 'true', errorMessage: one(query.error_msg) };
  return (
    <section className="narrow">
      <h1>회원가입</h1>
      <SignupFlow
        impConfig={impConfig()}
        minAge={env.MIN_AGE}
        windowMode={parseWindowMode(query.window)}
        redirectResult={redirectResult}
        next={query.next === undefined ? undefined : safeReturnPath(query.next)}
      />
    </section>
  );
}
