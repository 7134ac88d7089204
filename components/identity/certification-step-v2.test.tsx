import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installImpDouble, setViewport } from '@/test/imp-double';
import { installPortOneDouble, userCancel } from '@/test/portone-double';
import { CertificationStep } from './certification-step';

// The shop on PortOne V2: the start route answers `api: 'v2'` and the step opens V2's window
// through window.PortOne, here a double (test/portone-double.ts); the emulator's real script and
// window run in e2e/app/v2-shop.spec.ts. fetch is a double so each answer is shown precisely.
const fetchDouble = vi.fn<typeof fetch>();
const routes: Record<string, () => Response> = {};
const v2Check = {
  api: 'v2',
  identityVerificationId: 'idv_minted_by_the_server',
  storeId: 'store-00000000-0000-4000-8000-000000000000',
  channelKey: 'channel-key-00000000-0000-4000-8000-0000000000d1',
  // Already "loaded" by the double: the loader adds no script tag when window.PortOne is there.
  scriptUrl: 'http://127.0.0.1:4010/v2/browser-sdk.js',
};
beforeEach(() => {
  vi.stubGlobal('fetch', fetchDouble);
  fetchDouble.mockImplementation(async (url) => routes[String(url)]?.() ?? new Response(null, { status: 404 }));
  routes['/api/identity/checks'] = () => Response.json(v2Check);
  setViewport(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  window.PortOne = undefined;
});

const impConfig = { merchantCode: 'imp00000000', scriptUrl: 'http://127.0.0.1:4010/v1/iamport.js' };
const identity = { name: '김하늘', birthday: '1995-03-14', gender: 'female' as const };
const verifyBody = () =>
  JSON.parse(String(fetchDouble.mock.calls.find(([url]) => url === '/api/identity/verify')?.[1]?.body));
const start = () => userEvent.click(screen.getByRole('button', { name: '휴대폰 본인인증 하기' }));

describe('CertificationStep on PortOne V2', () => {
  it("opens V2's window with the server's id, store and channel, then hands only that id to the server", async () => {
    const imp = installImpDouble({});
    const portOne = installPortOneDouble({
      identity: {
        transactionType: 'IDENTITY_VERIFICATION',
        identityVerificationId: v2Check.identityVerificationId,
        identityVerificationTxId: 'tx_1',
      },
    });
    routes['/api/identity/verify'] = () => Response.json({ identity });
    const onVerified = vi.fn();
    render(<CertificationStep impConfig={impConfig} minAge={19} onVerified={onVerified} />);
    await start();

    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(identity));
    expect(portOne.requestIdentityVerification).toHaveBeenCalledWith({
      storeId: v2Check.storeId,
      channelKey: v2Check.channelKey,
      identityVerificationId: v2Check.identityVerificationId,
      bypass: { danal: { AGELIMIT: 19 } },
      // The SDK's own window for the PG on a PC; a phone's full page comes back to signup.
      redirectUrl: `${window.location.origin}/signup`,
    });
    expect(verifyBody()).toEqual({ identityVerificationId: v2Check.identityVerificationId });
    expect(imp.certification).not.toHaveBeenCalled();
  });

  it('a window the page asks for is the window type V2 knows', async () => {
    const portOne = installPortOneDouble({ identity: undefined });
    render(<CertificationStep impConfig={impConfig} minAge={19} windowMode="popup" onVerified={vi.fn()} />);
    await start();
    await screen.findByRole('alert');
    expect(portOne.requestIdentityVerification.mock.calls[0]).toEqual([
      expect.objectContaining({ windowType: { pc: 'POPUP', mobile: 'POPUP' } }),
    ]);
  });

  it('a cancelled window is told as a cancel, and nothing goes to the server', async () => {
    installPortOneDouble({
      identity: {
        transactionType: 'IDENTITY_VERIFICATION',
        identityVerificationId: v2Check.identityVerificationId,
        identityVerificationTxId: 'tx_1',
        ...userCancel('사용자가 본인인증을 취소하였습니다'),
      },
    });
    render(<CertificationStep impConfig={impConfig} minAge={19} onVerified={vi.fn()} />);
    await start();
    expect(await screen.findByRole('alert')).toHaveTextContent('사용자가 본인인증을 취소하셨습니다.');
    expect(screen.getByRole('button', { name: '본인인증 다시 하기' })).toBeEnabled();
    expect(fetchDouble.mock.calls.some(([url]) => url === '/api/identity/verify')).toBe(false);
  });

  it("someone under age (the PG's refusal names the age) gets the reason, not a retry", async () => {
    installPortOneDouble({
      identity: {
        transactionType: 'IDENTITY_VERIFICATION',
        identityVerificationId: v2Check.identityVerificationId,
        identityVerificationTxId: 'tx_1',
        code: 'FAILURE_TYPE_PG',
        message: '만 19세 이상만 본인인증할 수 있습니다.',
        pgCode: 'AGE_LIMIT',
        pgMessage: '만 19세 이상만 본인인증할 수 있습니다.',
      },
    });
    render(<CertificationStep impConfig={impConfig} minAge={19} onVerified={vi.fn()} />);
    await start();
    expect(await screen.findByRole('heading', { name: '만 19세 미만은 가입할 수 없습니다' })).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a script that does not load is said in Korean and may be tried again', async () => {
    // No double: the loader adds the script tag, which jsdom never loads; its error is fired here.
    render(<CertificationStep impConfig={impConfig} minAge={19} onVerified={vi.fn()} />);
    await start();
    await waitFor(() => expect(document.querySelector(`script[src="${v2Check.scriptUrl}"]`)).not.toBeNull());
    document.querySelector(`script[src="${v2Check.scriptUrl}"]`)?.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('결제 모듈을 불러오지 못했습니다.');
    expect(document.querySelector(`script[src="${v2Check.scriptUrl}"]`)).toBeNull();
    expect(screen.getByRole('button', { name: '본인인증 다시 하기' })).toBeEnabled();
  });

  it('verifies the id V2 redirected back with (phones)', async () => {
    routes['/api/identity/verify'] = () => Response.json({ identity });
    const onVerified = vi.fn();
    render(
      <CertificationStep
        impConfig={impConfig}
        minAge={19}
        redirectResult={{ identityVerificationId: 'idv_back', success: true }}
        onVerified={onVerified}
      />,
    );
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(identity));
    expect(verifyBody()).toEqual({ identityVerificationId: 'idv_back' });
  });
});
