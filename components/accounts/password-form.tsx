'use client';
import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { useRequest } from '@/components/ui/use-request';
import { ApiError } from '@/lib/browser/client';

/** A password field's name in the form (what the fields' errors are keyed by) and, where fixed, its id. */
export interface PasswordFieldName {
  name: string;
  id?: string;
}

/** The current password, asked before a change a signed-in person makes (email, password). */
export function CurrentPasswordField({ name, id, error }: PasswordFieldName & { error?: string }) {
  return (
    <TextField
      id={id}
      name={name}
      label="현재 비밀번호"
      type="password"
      autoComplete="current-password"
      required
      error={error}
    />
  );
}

interface NewPasswordFieldsProps {
  /** The new password, with its rule ("8자 이상"). */
  next: PasswordFieldName & { hint: string };
  confirm: PasswordFieldName;
  /** "새 비밀번호" where there is an old one; the confirmation is "<label> 확인". */
  label?: string;
  /** The refusal's per-field messages, keyed by the fields' names. */
  fields: Record<string, string>;
}

/** A new password, typed twice (a typo would lock the person out). */
export function NewPasswordFields({ next, confirm, label = '새 비밀번호', fields }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        id={next.id}
        name={next.name}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={next.hint}
        required
        error={fields[next.name]}
      />
      <TextField
        id={confirm.id}
        name={confirm.name}
        label={`${label} 확인`}
        type="password"
        autoComplete="new-password"
        required
        error={fields[confirm.name]}
      />
    </>
  );
}

interface PasswordFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  /** The current password's field, where the change needs it (signed in, or the console's first login). */
  current?: PasswordFieldName;
  next: NewPasswordFieldsProps['next'];
  confirm: PasswordFieldName;
  /** What a confirmation that differs says: above the form, and under the confirmation. */
  mismatch: { message: string; field: string };
  /** Sends the change: the current password (if asked) and the new one. */
  send(passwords: { current: string; next: string }): Promise<unknown>;
  /** After the change (the form element, to clear it). */
  onChanged?(form: HTMLFormElement): void;
  /** The caller leaves the page once changed: the button stays disabled until it has. */
  leavesOnSuccess?: boolean;
  /** Above the form's messages: a heading, what changing does. */
  intro?: ReactNode;
  /** Shown in the form once changed (until the next attempt). */
  changedNotice?: ReactNode;
  submitClassName?: string;
}

/** A new password, typed twice, and the current one where asked: reset by mail link, console, account page. */
export function PasswordForm({
  current,
  next,
  confirm,
  mismatch,
  send,
  onChanged,
  leavesOnSuccess,
  intro,
  changedNotice,
  submitClassName,
  ...form
}: PasswordFormProps) {
  const { pending, error, fields, done, setError, run, summary } = useRequest('비밀번호를 바꾸지 못했습니다.', {
    leavesOnSuccess,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const data = new FormData(element);
    const password = String(data.get(next.name) ?? '');
    if (password !== data.get(confirm.name)) {
      setError(new ApiError(400, 'mismatch', mismatch.message, { [confirm.name]: mismatch.field }));
      return;
    }
    const passwords = { current: current ? String(data.get(current.name) ?? '') : '', next: password };
    if (await run(() => send(passwords))) onChanged?.(element);
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate {...form}>
      {intro}
      {done && changedNotice}
      {error && <Alert heardOnly={!summary}>{error}</Alert>}
      {current && <CurrentPasswordField {...current} error={fields[current.name]} />}
      <NewPasswordFields next={next} confirm={confirm} fields={fields} />
      <SubmitButton pending={pending} pendingLabel="바꾸는 중…" className={submitClassName}>
        비밀번호 바꾸기
      </SubmitButton>
    </form>
  );
}
