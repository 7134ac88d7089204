import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, buttonClassName } from './button';

describe('Button', () => {
  it('renders the shop button classes for each variant', () => {
    render(
      <>
        <Button>저장</Button>
        <Button variant="secondary">취소</Button>
        <Button variant="danger">삭제</Button>
        <Button variant="link" className="text-sm">
          로그아웃
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: '저장' })).toHaveProperty('className', 'button');
    expect(screen.getByRole('button', { name: '취소' })).toHaveProperty('className', 'button button-secondary');
    expect(screen.getByRole('button', { name: '삭제' })).toHaveProperty('className', 'button button-danger');
    expect(screen.getByRole('button', { name: '로그아웃' })).toHaveProperty('className', 'link-button text-sm');
    expect(buttonClassName('secondary')).toBe('button button-secondary');
    // Both answers of a customer's choice look alike (issue 33).
    expect(buttonClassName('choice')).toBe('button button-choice');
  });

  it('is a plain button unless told to submit', () => {
    render(<Button>저장</Button>);
    expect(screen.getByRole('button').getAttribute('type')).toBe('button');
  });

  it('while pending: disabled, busy, and says what it is doing', () => {
    render(
      <Button type="submit" pending pendingLabel="저장하는 중…">
        저장
      </Button>,
    );
    const button = screen.getByRole('button', { name: '저장하는 중…' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('type')).toBe('submit');
  });

  it('when not pending: enabled, not busy, its own label', () => {
    render(
      <Button pending={false} pendingLabel="저장하는 중…">
        저장
      </Button>,
    );
    const button = screen.getByRole('button', { name: '저장' });
    expect(button).toHaveProperty('disabled', false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });
});
