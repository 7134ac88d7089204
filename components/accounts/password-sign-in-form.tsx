'use client';
import { useRouter } from 'next/navigation';
import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { useRequest } from '@/components/ui/use-request';
import { apiFetch } from '@/lib/browser/client';
import { EmailField } from './email-field';

interface PasswordSignInFormProps<Answer> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  /** The session route that takes `{ email, password }`: the shop's or the console's. */
  endpoint: '/api/session' | '/api/ops/session';
  /** A customer signs in with an email; the console's password managers file operators under a username. */
  emailAutoComplete: 'email' | 'username';
  /** Where to go once signed in, from the route's answer. */
  destination(answer: Answer): string | Promise<string>;
  /** Under the button (the shop's way to sign up instead). */
  footer?: ReactNode;
}

/** Email and password, for a customer (/signin) and an operator (/ops/signin). */
export function PasswordSignInForm<Answer>({
  endpoint,
  emailAutoComplete,
  destination,
  footer,
  ...form
}: PasswordSignInFormProps<Answer>) {
  const router = useRouter();
  const { pending, error, fields, run, summary } = useRequest('로그인하지 못했습니다.', { leavesOnSuccess: true });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await run(async () => {
      const answer = await apiFetch<Answer>(endpoint, {
        method: 'POST',
        body: { email: data.get('email'), password: data.get('password') },
      });
      router.replace(await destination(answer));
      router.refresh();
    });
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate {...form}>
      {error && <Alert heardOnly={!summary}>{error}</Alert>}
      <EmailField autoComplete={emailAutoComplete} error={fields.email} />
      <TextField
        name="password"
        label="비밀번호"
        type="password"
        autoComplete="current-password"
        required
        error={fields.password}
      />
      <SubmitButton pending={pending} pendingLabel="로그인 중…">
        로그인
      </SubmitButton>
      {footer}
    </form>
  );
}
