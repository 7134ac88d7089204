// The harness's own envelope check: it must reject what the real service never sends on success.
import { describe, expect, it } from 'vitest';
import { expectConforms } from './harness';

const token = { access_token: 'a'.repeat(40), now: 1_768_446_000, expired_at: 1_768_447_800 };

describe('expectConforms', () => {
  it('accepts a success with HTTP 200, message null and the response', () => {
    expect(() => expectConforms(200, { code: 0, message: null, response: token }, 'AuthResponse')).not.toThrow();
  });

  it('rejects a success answered with another HTTP status (201)', () => {
    expect(() => expectConforms(201, { code: 0, message: null, response: token }, 'AuthResponse')).toThrow();
  });

  it('rejects a success whose response is left out or null', () => {
    expect(() => expectConforms(200, { code: 0, message: null }, 'AuthResponse')).toThrow();
    expect(() => expectConforms(200, { code: 0, message: null, response: null }, 'AuthResponse')).toThrow();
  });

  it('rejects a failure with a response or without a message', () => {
    expect(() => expectConforms(200, { code: 1, message: '실패', response: null }, 'AuthResponse')).not.toThrow();
    expect(() => expectConforms(200, { code: 1, message: '실패', response: token }, 'AuthResponse')).toThrow();
    expect(() => expectConforms(401, { code: -1, message: null, response: null }, 'AuthResponse')).toThrow();
  });
});
