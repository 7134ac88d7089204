'use client';
import { useCallback, useState } from 'react';

/**
 * One button's request: `pending` while it runs (to disable the button), then the server's Korean
 * message if it was refused. `run` answers whether it succeeded.
 */
export function useAction(fallback = '요청을 처리하지 못했습니다.') {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const run = useCallback(
    async (action: () => Promise<unknown>): Promise<boolean> => {
      setPending(true);
      setError(undefined);
      try {
        await action();
        return true;
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : fallback);
        return false;
      } finally {
        setPending(false);
      }
    },
    [fallback],
  );
  return { pending, error, run };
}
