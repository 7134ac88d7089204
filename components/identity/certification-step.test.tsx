import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installImpDouble, setViewport } from '@/test/imp-double';
import { CertificationStep } from './certification-step';

// The signup routes are tested for real in test/routes/signup/signup.db.test.ts; fetch is a test
// double here so each answer the page can get is shown precisely.
const fetchDouble = vi.fn<typeof fetch>();
const routes: Record<string, () => Response> = {};
beforeEach(() => {
  vi.stubGlobal('fetch', fetchDouble);
  fetchDouble.mockImplementation(async (url) => routes[String(url)]?.() ?? new Response(null, { status: 404 }));
  routes['/api/identity/checks'] = () => Response.json({ merchantUid: 'cert_abc' });
  setViewport(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const impConfig = { merchantCode: 'imp00000000', scriptUrl: 'http://127.0.0.1:4010/v1/iamport.js' };
const identity = { name: '김하늘', birthday: '1995-03-14', gender: 'female' as const };
const verifyBody = () =>
  JSON.parse(String(fetchDouble.mock.calls.find(([url]) => url === '/api/identity/verify')?.[1]?.body));

describe('CertificationStep', () => {
  it('certifies with the server-issued merchant_uid and min_age, then hands only imp_uid to the server', async () => {
    const imp = installImpDouble({ certification: { success: true, imp_uid: 'imp_123456789012' } });
    routes['/api/identity/verify'] = () => Response.json({ identity });
    const onVerified = vi.fn();
    render(<CertificationStep impConfig={impConfig} minAge={19} onVerified={onVerified} />);
    await userEvent.click(screen.getByRole('button', { name: '휴대폰 본인인증 하기' }));

    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(identity));
    expect(imp.init).toHaveBeenCalledWith('imp00000000');
    expect(imp.certification.mock.calls[0]?.[0]).toEqual({ merchant_uid: 'cert_abc', min_age: 19, popup: true });
    expect(verifyBody()).toEqual({ imp_uid: 'imp_123456789012' });
  });

  it('uses a full-page redirect back to /signup on phones', async () => {
    const imp = installImpDouble({ certification: { success: false, error_msg: '취소' } });
    setViewport(true);
    render(<CertificationStep impConfig={impConfig} minAge={19} onVerified={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: '휴대폰 본인인증 하기' }));
    await screen.findByRole('alert');
    expect(imp.certification.mock.calls[0]?.[0]).toMatchObject({
      popup: false,
      m_redirect_url: `${window.location.origin}/signup`,
    });
  });

  it('someone under age gets the reason and the way on, not a retry (window or server refusal)', async () => {
    installImpDouble({
      certification: {
        success: false,
        error_code: 'UNDER_MIN_AGE',
        error_msg: '만 19세 이상만 본인인증할 수 있습니다.',
      },
    });
    const { unmount } = render(<CertificationStep impConfig={impConfig} minAge={19} onVerified={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: '휴대폰 본인인증 하기' }));
    expect(await screen.findByRole('heading', { name: '만 19세 미만은 가입할 수 없습니다' })).toBeVisible();
    expect(screen.getByRole('link', { name: '상품 둘러보기' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('button')).toBeNull();
    unmount();

    // A phone's full-page round trip brings only the message back.
    render(
      <CertificationStep
        impConfig={impConfig}
        minAge={19}
        onVerified={vi.fn()}
        redirectResult={{ success: false, errorMessage: '만 19세 이상만 본인인증할 수 있습니다.' }}
      />,
    );
    expect(await screen.findByRole('heading', { name: '만 19세 미만은 가입할 수 없습니다' })).toBeVisible();
  });

  it('shows the window’s failure and offers to try again', async () => {
    installImpDouble({ certification: { success: false, error_msg: '사용자가 본인인증을 취소하셨습니다.' } });
    render(<CertificationStep impConfig={impConfig} minAge={19} onVerified={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: '휴대폰 본인인증 하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('사용자가 본인인증을 취소하셨습니다.');
    expect(screen.getByRole('button', { name: '본인인증 다시 하기' })).toBeEnabled();
    expect(fetchDouble.mock.calls.some(([url]) => url === '/api/identity/verify')).toBe(false);
  });

  it('shows the server’s refusal, with a sign-in link for someone who already has an account', async () => {
    installImpDouble({ certification: { success: true, imp_uid: 'imp_123456789012' } });
    routes['/api/identity/verify'] = () =>
      Response.json({ error: { code: 'person_registered', message: '이미 가입된 분입니다.' } }, { status: 409 });
    render(<CertificationStep impConfig={impConfig} minAge={19} onVerified={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: '휴대폰 본인인증 하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('이미 가입된 분입니다.');
    expect(screen.getByRole('link', { name: '로그인하러 가기' })).toHaveAttribute('href', '/signin');
  });

  it('verifies the result the service redirected back with (m_redirect_url mode)', async () => {
    routes['/api/identity/verify'] = () => Response.json({ identity });
    const onVerified = vi.fn();
    render(
      <CertificationStep
        impConfig={impConfig}
        minAge={19}
        redirectResult={{ success: true, impUid: 'imp_999999999999' }}
        onVerified={onVerified}
      />,
    );
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(identity));
    expect(verifyBody()).toEqual({ imp_uid: 'imp_999999999999' });
  });
});
