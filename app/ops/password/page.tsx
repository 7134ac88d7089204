import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { OpsPasswordForm } from '@/components/ops/ops-password-form';
import { currentOperator } from '@/lib/routes';

export const metadata: Metadata = { title: '비밀번호 변경' };

export default async function OpsPasswordPage() {
  const operator = await currentOperator();
  if (!operator) redirect('/ops/signin');
  return (
    <section className="ops-narrow">
      <h1>비밀번호 변경</h1>
      {operator.mustChangePassword && (
        <p className="lead">
          처음 로그인하셨습니다. 받은 일회용 비밀번호를 새 비밀번호로 바꿔야 콘솔을 쓸 수 있습니다.
        </p>
      )}
      <OpsPasswordForm />
    </section>
  );
}
