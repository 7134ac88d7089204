'use client';
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useRequest } from '@/components/ui/use-request';
import { apiFetch } from '@/lib/browser/client';

/** Confirms an email change with the token from the link mailed to the new address. */
export function EmailChangeConfirm({ token }: { token: string }) {
  const { pending, error, done, run } = useRequest('이메일을 바꾸지 못했습니다.');
  const [email, setEmail] = useState('');

  async function confirm() {
    await run(async () => {
      const answer = await apiFetch<{ email: string }>('/api/account/email/confirm', {
        method: 'POST',
        body: { token },
      });
      setEmail(answer.email);
    });
  }

  if (done) {
    return (
      <Alert tone="success">
        로그인 이메일을 <strong>{email}</strong>(으)로 바꿨습니다. 이제 이 이메일로 로그인합니다.{' '}
        <Link href="/account">내 계정으로 가기</Link>
      </Alert>
    );
  }
  return (
    <div className="form">
      <p>이 주소를 계정의 새 로그인 이메일로 쓰려면 아래 버튼을 눌러 확인해 주세요.</p>
      {error && <Alert>{error}</Alert>}
      <Button className="self-start" onClick={confirm} pending={pending} pendingLabel="확인하는 중…">
        이메일 변경 확인
      </Button>
    </div>
  );
}
