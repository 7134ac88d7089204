import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateOps, opsResource } from './list-query';

const fetchDouble = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchDouble));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const wrapperOf =
  (client: QueryClient) =>
  ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
const asked = () => fetchDouble.mock.calls.map(([url]) => url);

const things = opsResource<{ rows: string[] }, { id: string }>('payments');

describe('opsResource', () => {
  it('keys every query of the resource under one prefix', () => {
    expect(things.keys.all).toEqual(['ops', 'payments']);
    expect(things.keys.list('status=paid')).toEqual(['ops', 'payments', 'list', 'status=paid']);
    expect(things.keys.detail('m-1')).toEqual(['ops', 'payments', 'detail', 'm-1']);
  });

  it("fetches the list of the URL's query from the resource's route", async () => {
    fetchDouble.mockResolvedValue(Response.json({ rows: ['a'] }));
    const { result } = renderHook(() => things.useList('status=paid&page=2'), { wrapper: wrapperOf(fresh()) });
    await waitFor(() => expect(result.current.data).toEqual({ rows: ['a'] }));
    expect(asked()).toEqual(['/api/ops/payments?status=paid&page=2']);
  });

  it('keeps the page shown while the next one loads', async () => {
    let answer = (_: Response) => {};
    fetchDouble.mockResolvedValueOnce(Response.json({ rows: ['page 1'] }));
    fetchDouble.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { result, rerender } = renderHook(({ query }) => things.useList(query), {
      wrapper: wrapperOf(fresh()),
      initialProps: { query: 'page=1' },
    });
    await waitFor(() => expect(result.current.data).toEqual({ rows: ['page 1'] }));
    rerender({ query: 'page=2' });
    expect(result.current).toMatchObject({ data: { rows: ['page 1'] }, isPending: false, isFetching: true });
    answer(Response.json({ rows: ['page 2'] }));
    await waitFor(() => expect(result.current.data).toEqual({ rows: ['page 2'] }));
  });

  it('fetches one record by its id, escaped', async () => {
    fetchDouble.mockResolvedValue(Response.json({ id: 'a/b' }));
    const { result } = renderHook(() => things.useDetail('a/b'), { wrapper: wrapperOf(fresh()) });
    await waitFor(() => expect(result.current.data).toEqual({ id: 'a/b' }));
    expect(asked()).toEqual(['/api/ops/payments/a%2Fb']);
  });

  it("says the server's error in its words", async () => {
    fetchDouble.mockResolvedValue(
      Response.json({ error: { code: 'forbidden', message: '권한이 없습니다.' } }, { status: 403 }),
    );
    const { result } = renderHook(() => things.useList(''), { wrapper: wrapperOf(fresh()) });
    await waitFor(() => expect(result.current.error?.message).toBe('권한이 없습니다.'));
  });
});

describe('invalidateOps', () => {
  it("marks every list and detail of the named resources stale, and no other resource's", async () => {
    const client = fresh();
    for (const key of [
      ['ops', 'payments', 'list', ''],
      ['ops', 'payments', 'detail', 'm-1'],
      ['ops', 'audit', 'list', 'page=2'],
      ['ops', 'webhooks', 'list', ''],
    ]) {
      client.setQueryData(key, {});
    }
    await invalidateOps(client, 'payments', 'audit');
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey.join('/'));
    expect(stale.sort()).toEqual(['ops/audit/list/page=2', 'ops/payments/detail/m-1', 'ops/payments/list/']);
  });
});
