'use client';
import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/browser/api';

/**
 * One account form's request: pending while it runs, then the server's refusal (message and
 * per-field errors) or success. A new attempt clears what the last one said.
 */
export function useFormRequest(fallback: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [done, setDone] = useState(false);
  const submit = useCallback(
    async (request: () => Promise<unknown>): Promise<boolean> => {
      setPending(true);
      setError(undefined);
      setDone(false);
      try {
        await request();
        setDone(true);
        return true;
      } catch (caught) {
        setError(caught instanceof ApiError ? caught : new ApiError(0, 'unknown', fallback));
        return false;
      } finally {
        setPending(false);
      }
    },
    [fallback],
  );
  return { pending, error, done, setError, submit };
}
