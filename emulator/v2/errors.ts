// V2's error answer: `{ type, message }` with an HTTP status, the types the OpenAPI file names.
export class V2Error extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    /** More fields of the answer (a PG's code and message). */
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'V2Error';
  }
}

export const invalidRequest = (message: string) => new V2Error(400, 'INVALID_REQUEST', message);
export const unauthorizedV2 = (message = '인증 정보가 올바르지 않습니다.') => new V2Error(401, 'UNAUTHORIZED', message);
export const forbiddenV2 = (message: string) => new V2Error(403, 'FORBIDDEN', message);
export const paymentNotFound = (id: string) =>
  new V2Error(404, 'PAYMENT_NOT_FOUND', `결제 건이 존재하지 않습니다: ${id}`);
export const billingKeyNotFound = (key: string) =>
  new V2Error(404, 'BILLING_KEY_NOT_FOUND', `빌링키가 존재하지 않습니다: ${key}`);
export const channelNotFound = (message = '채널이 존재하지 않습니다.') =>
  new V2Error(404, 'CHANNEL_NOT_FOUND', message);
export const alreadyPaid = (id: string) => new V2Error(409, 'ALREADY_PAID', `이미 결제가 완료된 결제 건입니다: ${id}`);
/** The PG refused or could not be reached: 502 with its code and message. */
export const pgProviderError = (pgCode: string, pgMessage: string) =>
  new V2Error(502, 'PG_PROVIDER', pgMessage, { pgCode, pgMessage });
