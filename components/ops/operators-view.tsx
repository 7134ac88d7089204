'use client';
import type { FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Panel } from '@/components/ui/panel';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, useAddOperator, useOperators } from '@/lib/browser/client';
import { type OperatorRole, roleLabel } from '@/lib/ops/client';
import { OptionsField, optionsOf } from './options-field';
import { QueryState } from './query-state';

/** /ops/operators (admin): the operators, and adding one (its one-time password is shown once). */
export function OperatorsView() {
  const { data, isPending, error } = useOperators();
  const add = useAddOperator();
  const addError = add.error instanceof ApiError ? add.error : undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    add.mutate({ email: String(form.get('email') ?? ''), role: form.get('role') as OperatorRole });
  };
  return (
    <>
      <QueryState isPending={isPending} error={error}>
        <ul aria-label="운영자 목록">
          {data?.map((operator) => (
            <li key={operator.id}>
              {operator.email} · {roleLabel[operator.role]}
              {operator.mustChangePassword && ' · 첫 로그인 전'}
            </li>
          ))}
        </ul>
      </QueryState>
      <Panel as="form" variant="console" onSubmit={submit} aria-label="운영자 추가" noValidate>
        <h2>운영자 추가</h2>
        {add.isSuccess && (
          <Alert tone="success">
            {add.data.operator.email} 추가됨. 일회용 비밀번호: <code className="mono">{add.data.password}</code> (지금만
            보입니다. 첫 로그인 때 바꿔야 합니다.)
          </Alert>
        )}
        {addError && <Alert>{addError.message}</Alert>}
        <TextField name="email" label="이메일" type="email" required error={addError?.fields.email} />
        <OptionsField
          id="operator-role"
          name="role"
          label="권한"
          options={optionsOf(roleLabel)}
          defaultValue="viewer"
        />
        <SubmitButton pending={add.isPending} pendingLabel="추가하는 중…">
          추가
        </SubmitButton>
      </Panel>
    </>
  );
}
