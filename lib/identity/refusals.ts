import 'server-only';
import { env } from '@/lib/env';
import { AppError } from '@/lib/http';

/** Every way a certification can be refused, each with its own status and Korean message. */
export const refusals = {
  not_found: [404, '인증 내역을 찾을 수 없습니다. 본인인증을 다시 진행해 주세요.'],
  not_certified: [422, '본인인증이 완료되지 않았습니다. 다시 시도해 주세요.'],
  foreign_origin: [403, '이 사이트에서 진행한 본인인증이 아닙니다. 이 사이트에서 본인인증을 다시 진행해 주세요.'],
  foreign_check: [403, '이 브라우저에서 시작한 본인인증이 아닙니다. 처음부터 다시 진행해 주세요.'],
  replayed: [409, '이미 사용된 본인인증입니다. 본인인증을 다시 진행해 주세요.'],
  stale: [422, `본인인증 후 ${Math.round(env.CERT_MAX_AGE_SECONDS / 60)}분이 지났습니다. 다시 인증해 주세요.`],
  under_age: [403, `만 ${env.MIN_AGE}세 이상만 가입할 수 있습니다.`],
  person_registered: [409, '이미 가입된 분입니다. 기존 계정으로 로그인해 주세요.'],
  no_verified_identity: [409, '본인인증을 먼저 완료해 주세요.'],
} as const;

export type RefusalCode = keyof typeof refusals;

/** The identity routes' word for the service out of reach (the route wrapper answers it, 503). */
export const IDENTITY_SERVICE_UNAVAILABLE = '본인인증 결과를 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.';

export function refuse(code: RefusalCode): AppError {
  const [status, message] = refusals[code];
  return new AppError(status, code, message);
}
