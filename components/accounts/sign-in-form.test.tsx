import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextNavigationDouble, router } from '@/test/next-navigation-double';
import { SignInForm } from './sign-in-form';

vi.mock('next/navigation', () => nextNavigationDouble());

// The route handler behind /api/session is tested for real in app/api/session/route.db.test.ts;
// here fetch is a test double so the form's states can be driven precisely.
const fetchDouble = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchDouble));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** Answers the form's POST with `answer`; the account hook's GET sees a signed-out visitor. */
function answerPost(answer: () => Response | Promise<Response>) {
  fetchDouble.mockImplementation(async (_url, init) =>
    init?.method === 'POST' ? answer() : Response.json({ account: null }),
  );
}
const postCalls = () => fetchDouble.mock.calls.filter(([, init]) => init?.method === 'POST');

const renderForm = () =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <SignInForm next="/account/cards" />
    </SWRConfig>,
  );

describe('SignInForm', () => {
  it('signs in with the typed credentials and returns to where the visitor came from', async () => {
    answerPost(() => Response.json({ account: { name: '김민수' } }));
    renderForm();
    await userEvent.type(screen.getByLabelText('이메일'), 'kim@example.com');
    await userEvent.type(screen.getByLabelText('비밀번호'), 'long password{Enter}');
    expect(postCalls()).toHaveLength(1);
    expect(postCalls()[0]?.[0]).toBe('/api/session');
    const body = JSON.parse(String(postCalls()[0]?.[1]?.body));
    expect(body).toEqual({ email: 'kim@example.com', password: 'long password' });
    expect(router.replace).toHaveBeenCalledWith('/account/cards');
  });

  it('shows the server message and field errors, and lets the visitor try again', async () => {
    answerPost(() =>
      Response.json(
        {
          error: {
            code: 'bad_request',
            message: '입력값을 확인해 주세요.',
            fields: { email: '올바른 이메일 주소를 입력해 주세요.' },
          },
        },
        { status: 400 },
      ),
    );
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('입력값을 확인해 주세요.');
    expect(screen.getByLabelText('이메일')).toHaveAccessibleDescription('올바른 이메일 주소를 입력해 주세요.');
    expect(screen.getByRole('button', { name: '로그인' })).toBeEnabled();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('explains a network failure in Korean', async () => {
    answerPost(() => Promise.reject(new TypeError('Failed to fetch')));
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('서버에 연결할 수 없습니다');
  });
});
