'use client';
import { type FormEvent, useState } from 'react';
import { EmailField } from '@/components/accounts/email-field';
import { NewPasswordFields } from '@/components/accounts/password-form';
import { Alert } from '@/components/ui/alert';
import { Panel } from '@/components/ui/panel';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { useRequest } from '@/components/ui/use-request';
import { genderLabel } from '@/lib/accounts/client';
import { ApiError, apiFetch } from '@/lib/browser/client';
import { SIGNUP_TERMS, signupConsents } from '@/lib/consents/client';
import type { CertifiedIdentity } from '@/lib/identity/client';
import { NONE_CHECKED, SignupTermsField, type TermsChecked } from './signup-terms-field';

interface Props {
  identity: CertifiedIdentity;
  onSignedUp(): void;
}

/** Step 2: the certified name is shown, not typed; the visitor chooses email and password. */
export function AccountStep({ identity, onSignedUp }: Props) {
  const { pending, error, fields, setError, run, summary } = useRequest('가입하지 못했습니다.', {
    leavesOnSuccess: true,
  });
  const [terms, setTerms] = useState<TermsChecked>(NONE_CHECKED);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get('password') !== form.get('passwordConfirm')) {
      setError(
        new ApiError(400, 'bad_request', '입력값을 확인해 주세요.', {
          passwordConfirm: '비밀번호가 일치하지 않습니다.',
        }),
      );
      return;
    }
    const missing = SIGNUP_TERMS.filter((term) => term.required && !terms[term.kind]);
    if (missing.length > 0) {
      setError(
        new ApiError(
          422,
          'consent_required',
          '필수 약관(이용약관, 개인정보 수집·이용)에 모두 동의해야 가입할 수 있습니다.',
          Object.fromEntries(missing.map((term) => [`consents.${term.kind}`, `${term.title}에 동의해 주세요.`])),
        ),
      );
      return;
    }
    await run(async () => {
      await apiFetch('/api/signup', {
        method: 'POST',
        body: { email: form.get('email'), password: form.get('password'), consents: signupConsents(terms) },
      });
      onSignedUp();
    });
  }

  return (
    <Panel aria-labelledby="account-heading">
      <h2 id="account-heading">2단계 · 계정 정보</h2>
      <Alert tone="success">본인인증이 완료되었습니다.</Alert>
      <form method="post" onSubmit={onSubmit} className="form" noValidate>
        <TextField name="name" label="이름 (본인인증)" value={identity.name} readOnly />
        <TextField
          name="birthday"
          label="생년월일 · 성별"
          value={`${identity.birthday} · ${genderLabel[identity.gender]}`}
          readOnly
        />
        {error && <Alert heardOnly={!summary}>{error}</Alert>}
        <EmailField error={fields.email} />
        <NewPasswordFields
          label="비밀번호"
          next={{ name: 'password', hint: '8자 이상' }}
          confirm={{ name: 'passwordConfirm' }}
          fields={fields}
        />
        <SignupTermsField checked={terms} onChange={setTerms} errors={fields} disabled={pending} />
        <SubmitButton pending={pending} pendingLabel="가입 중…">
          가입하기
        </SubmitButton>
      </form>
    </Panel>
  );
}
