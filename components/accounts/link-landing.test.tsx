// The landing itself, and the two pages that render it with their own words (their forms are
// tested in password-form.test.tsx and the routes in lib/accounts/*.db.test.ts).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import EmailChangePage from '@/app/email-change/page';
import ResetPasswordPage from '@/app/reset-password/page';
import { LinkLanding } from './link-landing';

const landing = (token: string | string[] | undefined) =>
  render(
    <LinkLanding title="링크 확인" token={token} invalid="링크가 올바르지 않습니다.">
      {(given) => <p>토큰 {given}</p>}
    </LinkLanding>,
  );
const page = async (Page: typeof EmailChangePage, token?: string | string[]) =>
  render(await Page({ searchParams: Promise.resolve(token === undefined ? {} : { token }) }));

describe('LinkLanding', () => {
  it('gives the token to the flow’s form under the heading', () => {
    landing('abc');
    expect(screen.getByRole('heading', { level: 1, name: '링크 확인' })).toBeDefined();
    expect(screen.getByText('토큰 abc')).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['no token', undefined],
    ['an empty one', ''],
    ['a repeated one', ['abc', 'def']],
  ])('with %s, alerts instead of showing the form', (_, token) => {
    landing(token);
    expect(screen.getByRole('heading', { level: 1, name: '링크 확인' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('링크가 올바르지 않습니다.');
    expect(screen.queryByText(/토큰/)).toBeNull();
  });
});

describe('the two link pages', () => {
  it('/email-change: a button confirms the token; without one, back to 내 계정', async () => {
    const { unmount } = await page(EmailChangePage, 'abc');
    expect(screen.getByRole('heading', { level: 1, name: '이메일 변경 확인' })).toBeDefined();
    expect(screen.getByRole('button', { name: '이메일 변경 확인' })).toBeDefined();
    unmount();
    await page(EmailChangePage);
    expect(screen.getByRole('alert').textContent).toBe(
      '확인 링크가 올바르지 않습니다. 내 계정에서 이메일 변경을 다시 요청해 주세요.',
    );
    expect(screen.getByRole('link', { name: '내 계정' }).getAttribute('href')).toBe('/account');
  });

  it('/reset-password: the new password form; without a token, back to sign-in', async () => {
    const { unmount } = await page(ResetPasswordPage, 'abc');
    expect(screen.getByRole('heading', { level: 1, name: '비밀번호 재설정' })).toBeDefined();
    expect(screen.getByLabelText('새 비밀번호')).toBeDefined();
    expect(screen.getByLabelText('새 비밀번호 확인')).toBeDefined();
    unmount();
    await page(ResetPasswordPage, ['abc', 'def']);
    expect(screen.getByRole('alert').textContent).toBe(
      '재설정 링크가 올바르지 않습니다. 로그인 화면에서 비밀번호 찾기를 다시 요청해 주세요.',
    );
    expect(screen.getByRole('link', { name: '로그인 화면' }).getAttribute('href')).toBe('/signin');
  });
});
