/**
 * A failure the service reports in its envelope: `{ code, message, response: null }` with an HTTP
 * status. The kinds below follow the real service (reference/real-api-notes.md).
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** Bad or missing input: HTTP 400, code -1, the message names the field. */
export const invalid = (field: string, problem: string) => new ServiceError(400, -1, `${field}: ${problem}`);

/** An unknown id on a read: HTTP 404 with the envelope. */
export const notFound = (message: string) => new ServiceError(404, -1, message);

/** A business failure (nothing to cancel, unknown customer, order already paid): HTTP 200, code 1. */
export const rejected = (message: string) => new ServiceError(200, 1, message);

/** The card network refused (billing-key issuance, key-in payment) or could not be reached: HTTP 200, code -1. */
export const refused = (message: string) => new ServiceError(200, -1, message);

export const unauthorized = () => new ServiceError(401, -1, 'Unauthorized');

/** The record's state forbids it (already registered, closed, collected): HTTP 409, code 1. */
export const conflict = (message: string) => new ServiceError(409, 1, message);
