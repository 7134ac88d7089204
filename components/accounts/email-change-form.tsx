'use client';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { EmailText } from '@/components/ui/email-text';
import { SubmitButton } from '@/components/ui/submit-button';
import { useRequest } from '@/components/ui/use-request';
import type { PendingEmailChange } from '@/lib/accounts/client';
import { apiFetch } from '@/lib/browser/client';
import { formatDateTime } from '@/lib/values/client';
import { EmailField } from './email-field';
import { CurrentPasswordField } from './password-form';

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * 이메일 변경: the new address and the current password (someone at an unlocked screen cannot take
 * the account). Nothing changes until the link mailed to the new address is opened.
 */
export function EmailChangeForm({ pending: initial }: { pending: PendingEmailChange | null }) {
  const { pending, error, fields, run, summary } = useRequest('확인 메일을 보내지 못했습니다.');
  const [waiting, setWaiting] = useState(initial);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    let answer: { pending: PendingEmailChange } | undefined;
    const ok = await run(async () => {
      answer = await apiFetch('/api/account/email', {
        method: 'PUT',
        body: { email: data.get('email'), currentPassword: data.get('currentPassword') },
      });
    });
    if (ok && answer) {
      form.reset();
      setWaiting(answer.pending);
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} className="form" noValidate aria-labelledby="email-heading">
      <h2 id="email-heading" className="mb-0">
        이메일 변경
      </h2>
      <p className="field-hint">
        로그인과 안내 메일에 쓰는 이메일입니다. 새 이메일로 확인 링크를 보내 드리며, 그 링크를 열어야 바뀝니다.
      </p>
      {waiting && (
        <Alert tone="info">
          <strong>
            <EmailText email={waiting.email} />
          </strong>
          (으)로 확인 메일을 보냈습니다. {formatDateTime(unix(waiting.expiresAt))}까지 메일의 링크를 열면 이메일이
          바뀝니다. 그전까지는 지금 이메일로 로그인합니다.
        </Alert>
      )}
      {error && <Alert heardOnly={!summary}>{error}</Alert>}
      <EmailField id="email-new" label="새 이메일" error={fields.email} />
      <CurrentPasswordField id="email-current-password" name="currentPassword" error={fields.currentPassword} />
      <SubmitButton pending={pending} pendingLabel="보내는 중…" className="self-start">
        확인 메일 보내기
      </SubmitButton>
    </form>
  );
}
