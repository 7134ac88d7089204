import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { OpsSignInForm } from '@/components/ops/ops-sign-in-form';
import { currentOperator } from '@/lib/routes';

export const metadata: Metadata = { title: '운영자 로그인' };

export default async function OpsSignInPage() {
  const operator = await currentOperator();
  if (operator) redirect(operator.mustChangePassword ? '/ops/password' : '/ops');
  return (
    <section className="ops-narrow">
      <h1>운영자 로그인</h1>
      <p className="lead">상점 운영자 계정으로 로그인합니다. 고객 계정으로는 들어올 수 없습니다.</p>
      <OpsSignInForm />
    </section>
  );
}
