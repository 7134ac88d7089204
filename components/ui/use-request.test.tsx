import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/browser/api';
import { useRequest } from './use-request';

describe('useRequest', () => {
  it('gives the server’s refusal: its message and per-field errors', async () => {
    const { result } = renderHook(() => useRequest('저장하지 못했습니다.'));
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.run(async () => {
        throw new ApiError(400, 'bad_request', '입력값을 확인해 주세요.', { email: '이메일을 확인해 주세요.' });
      });
    });
    expect(ok).toBe(false);
    expect(result.current).toMatchObject({
      pending: false,
      done: false,
      error: '입력값을 확인해 주세요.',
      fields: { email: '이메일을 확인해 주세요.' },
    });
  });

  it('gives another error’s own message (the payment module), and the fallback for anything else', async () => {
    const { result } = renderHook(() => useRequest('저장하지 못했습니다.'));
    await act(() => result.current.run(() => Promise.reject(new Error('결제 모듈을 불러오지 못했습니다.'))));
    expect(result.current.error).toBe('결제 모듈을 불러오지 못했습니다.');
    await act(() => result.current.run(() => Promise.reject('no')));
    expect(result.current.error).toBe('저장하지 못했습니다.');
    expect(result.current.fields).toEqual({});
  });

  it('is done on success, and a new attempt clears what the last one said', async () => {
    const { result } = renderHook(() => useRequest());
    await act(() => result.current.run(() => Promise.reject(new Error('안 됨'))));
    await act(() => result.current.run(async () => {}));
    expect(result.current).toMatchObject({ pending: false, done: true, error: undefined });
  });

  it('stays pending after success when the caller leaves the page', async () => {
    const { result } = renderHook(() => useRequest('로그인하지 못했습니다.', { leavesOnSuccess: true }));
    await act(() => result.current.run(async () => {}));
    expect(result.current).toMatchObject({ pending: true, done: true });
  });
});
