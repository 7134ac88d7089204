// A customer of the running app over real HTTP, as its pages would act (same-origin requests, a
// cookie jar): signup with the emulator's certification shortcut, a card by key-in. Used by the
// process tests (test/processes) and the BFF benchmark, which drive a separately started app.
import { cardConsentGiven } from '@/lib/consents/shared/card-text';
import { signupConsents } from '@/lib/consents/shared/signup-terms';

/** A client of the app with a cookie jar, as a browser on its pages (same-origin requests). */
export class Browser {
  constructor(
    private readonly origin: string,
    private readonly cookies = new Map<string, string>(),
  ) {}
  /** The same cookie jar on another origin (one app instance by its own port, behind the proxy's back). */
  at(origin: string): Browser {
    return new Browser(origin, this.cookies);
  }
  async request<T>(method: string, route: string, body?: unknown): Promise<{ status: number; json: T }> {
    const response = await fetch(`${this.origin}${route}`, {
      method,
      headers: {
        origin: this.origin,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    // A proxy's own error page (nginx's 502 when an instance dies mid-request) is not JSON: kept as text.
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = { body: text };
    }
    return { status: response.status, json: json as T };
  }
}

export async function must<T>(call: Promise<{ status: number; json: T }>, what: string): Promise<T> {
  const { status, json } = await call;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(json)}`);
  return json;
}

export interface HttpCustomer {
  browser: Browser;
  email: string;
  password: string;
}

/** Signup through the app's routes (certification completed with the emulator's test shortcut), then a card by key-in. */
export async function signUpCustomer(app: string, emulator: string, n: number): Promise<HttpCustomer> {
  const browser = new Browser(app);
  const { merchantUid } = await must(browser.request<{ merchantUid: string }>('POST', '/api/identity/checks'), 'check');
  const phone = `010-${String(5000 + n).padStart(4, '0')}-${String(Date.now() % 10_000).padStart(4, '0')}`;
  const certified = await fetch(`${emulator}/__emulator/api/certifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      merchant_uid: merchantUid,
      name: '김벤치',
      birthday: '1990-01-01',
      gender: 'female',
      phone,
      carrier: 'SKT',
      origin: app,
    }),
  });
  const { rsp } = (await certified.json()) as { rsp: { imp_uid: string } };
  await must(browser.request('POST', '/api/identity/verify', { imp_uid: rsp.imp_uid }), 'verify');
  const email = `customer${n}-${phone}@example.com`;
  const password = 'customer-password-1234';
  await must(
    browser.request('POST', '/api/signup', {
      email,
      password,
      consents: signupConsents({ terms: true, privacy: true, marketing: false }),
    }),
    'signup',
  );
  await must(
    browser.request('POST', '/api/cards/key-in', {
      cardNumber: '4242-4242-4242-4242',
      expiry: '12/99',
      birth: '900101',
      pwd2digit: '12',
      consent: cardConsentGiven,
    }),
    'card',
  );
  return { browser, email, password };
}
