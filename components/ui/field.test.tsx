import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { TextField } from './text-field';

describe('Field', () => {
  it('labels its control; without notes it describes nothing and is not invalid', () => {
    render(
      <Field id="memo" label="메모">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const control = screen.getByLabelText('메모');
    expect(control.id).toBe('memo');
    expect(control.hasAttribute('aria-describedby')).toBe(false);
    expect(control.hasAttribute('aria-invalid')).toBe(false);
  });

  it('wires the error to aria-describedby and aria-invalid, after the hint', () => {
    render(
      <Field id="role" label="권한" hint="나중에 바꿀 수 있습니다." error="권한을 골라 주세요.">
        {(control) => (
          <select {...control}>
            <option>조회</option>
          </select>
        )}
      </Field>,
    );
    const control = screen.getByLabelText('권한');
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(control.getAttribute('aria-describedby')).toBe('role-hint role-error');
    expect(screen.getByText('권한을 골라 주세요.').id).toBe('role-error');
    expect(screen.getByText('권한을 골라 주세요.').className).toBe('field-error');
    expect(screen.getByText('나중에 바꿀 수 있습니다.').className).toBe('field-hint');
  });
});

describe('TextField', () => {
  it('is a Field around an input named after its id, with the server’s limit for its type', () => {
    render(<TextField name="email" label="이메일" type="email" error="이메일을 확인해 주세요." />);
    const input = screen.getByLabelText('이메일');
    expect(input.id).toBe('field-email');
    expect(input.getAttribute('name')).toBe('email');
    expect(input.getAttribute('maxlength')).not.toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('field-email-error');
  });

  it('counts what was typed against its limit, announced with the hint', () => {
    render(<TextField name="memo" label="메모" hint="배송 메모" maxLength={50} showCount value="안녕" readOnly />);
    expect(screen.getByLabelText('메모').getAttribute('aria-describedby')).toBe('field-memo-hint field-memo-count');
    expect(screen.getByText('2/50자').id).toBe('field-memo-count');
  });
});
