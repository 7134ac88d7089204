import type {
  CertificationParams,
  CertificationResponse,
  Imp,
  RequestPayParams,
  RequestPayResponse,
} from './imp-types';

export interface ImpConfig {
  merchantCode: string;
  scriptUrl: string;
}

let loading: Promise<void> | undefined;

/** Adds a script tag; rejects with a Korean message when it does not load (V1 and V2 scripts alike). */
export function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error('결제 모듈을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'));
    };
    document.head.append(script);
  });
}

/**
 * Loads the service's script (today's /v1/iamport.js, which needs no jQuery) once per page, only
 * when a page actually starts a certification or payment; then (re)initialises IMP, which is cheap.
 */
export async function loadImp({ merchantCode, scriptUrl }: ImpConfig): Promise<Imp> {
  loading ??= (async () => {
    if (!window.IMP) await loadScript(scriptUrl);
  })().catch((error: unknown) => {
    loading = undefined; // a failed load may be retried
    throw error;
  });
  await loading;
  const imp = window.IMP;
  if (!imp) throw new Error('결제 모듈이 초기화되지 않았습니다.');
  imp.init(merchantCode);
  return imp;
}

export async function certify(config: ImpConfig, params: CertificationParams): Promise<CertificationResponse> {
  const imp = await loadImp(config);
  return new Promise((resolve) => imp.certification(params, resolve));
}

export async function requestPay(config: ImpConfig, params: RequestPayParams): Promise<RequestPayResponse> {
  const imp = await loadImp(config);
  return new Promise((resolve) => imp.request_pay(params, resolve));
}

/**
 * Desktops get a popup window (identity providers' pages often refuse to be framed); phones
 * get a full-page redirect that returns to m_redirect_url, since mobile popups are unreliable.
 */
export function deviceWindowMode(): 'popup' | 'redirect' {
  return window.matchMedia('(max-width: 640px), (pointer: coarse)').matches ? 'redirect' : 'popup';
}
