'use client';
import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/browser/client';

interface Options {
  /** The caller leaves the page on success (signed in, signed up): it stays pending until it has gone. */
  leavesOnSuccess?: boolean;
}

/**
 * One form's or button's request: `pending` while it runs (to disable the button), then what
 * refused it — `error`, the message to show (the server's Korean one, or the fallback), and
 * `fields`, the per-field messages; `summary`, the message for above the form when no field says it
 * already — or `done`. A new attempt clears what the last one said.
 * `run` answers whether it succeeded; `setError` reports a refusal found before sending.
 */
export function useRequest(fallback = '요청을 처리하지 못했습니다.', { leavesOnSuccess = false }: Options = {}) {
  const [pending, setPending] = useState(false);
  const [failure, setError] = useState<ApiError>();
  const [done, setDone] = useState(false);
  const run = useCallback(
    async (request: () => Promise<unknown>): Promise<boolean> => {
      setPending(true);
      setError(undefined);
      setDone(false);
      try {
        await request();
        setDone(true);
        if (!leavesOnSuccess) setPending(false);
        return true;
      } catch (caught) {
        // An ApiError says what the server refused; another Error (the payment module not loading) its own message.
        setError(
          caught instanceof ApiError
            ? caught
            : new ApiError(0, 'unknown', caught instanceof Error ? caught.message : fallback),
        );
        setPending(false);
        return false;
      }
    },
    [fallback, leavesOnSuccess],
  );
  const fields = failure?.fields ?? {};
  const message = failure?.message;
  // The message above the form, unless a field already says it (a wrong password, said twice).
  const summary = message && !Object.values(fields).some((said) => message.includes(said)) ? message : undefined;
  return { pending, error: message, summary, fields, done, setError, run };
}
