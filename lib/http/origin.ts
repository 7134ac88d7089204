import 'server-only';
import { forbidden } from './errors';

/**
 * Cookie-authenticated mutations must come from our own pages: browsers always send Origin on
 * cross-site and on fetch POSTs, so a missing or foreign Origin is refused (CSRF defence on top
 * of SameSite cookies).
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? new URL(request.url).host;
  if (!origin) throw forbidden('요청 출처를 확인할 수 없습니다.');
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw forbidden('요청 출처를 확인할 수 없습니다.');
  }
  if (originHost !== host) throw forbidden('다른 사이트에서 보낸 요청은 처리할 수 없습니다.');
}
