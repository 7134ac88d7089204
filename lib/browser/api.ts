/** An error answer from our own route handlers: `{ error: { code, message, fields? } }`. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = '서버에 연결할 수 없습니다. 인터넷 연결을 확인한 뒤 다시 시도해 주세요.';

/** JSON in, JSON out; failures become ApiError with the server's Korean message. */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  const payload = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = payload?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'unknown',
      error?.message ?? '요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
      error?.fields,
    );
  }
  return payload as T;
}

export const swrFetcher = <T>(path: string) => apiFetch<T>(path);
