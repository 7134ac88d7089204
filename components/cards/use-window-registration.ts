'use client';
import { useCallback, useState } from 'react';
import type { ImpConfig } from '@/lib/browser/client';
import { ApiError, openPaymentWindow } from '@/lib/browser/client';
import type { WindowRegistration } from '@/lib/cards/client';
import type { WindowMode } from '@/lib/identity/client';
import { failureWords } from '@/lib/payments/client';

export type WindowRegistrationState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'window_open' }
  | { phase: 'verifying' }
  | { phase: 'registered' }
  | { phase: 'failed'; message: string };

interface Options {
  impConfig: ImpConfig;
  windowMode?: WindowMode;
  start(): Promise<WindowRegistration>;
  complete(customerUid: string, impUid: string): Promise<unknown>;
}

const failed = (error: unknown): WindowRegistrationState => ({
  phase: 'failed',
  message: error instanceof ApiError || error instanceof Error ? error.message : '카드를 등록하지 못했습니다.',
});

/**
 * Card registration through the payment window: a customer_uid from our server, IMP.request_pay
 * with amount 0, then our server checks the result with the service before the card is kept.
 */
export function useWindowRegistration({ impConfig, windowMode, start, complete }: Options) {
  const [state, setState] = useState<WindowRegistrationState>({ phase: 'idle' });

  const verify = useCallback(
    async (customerUid: string, impUid: string) => {
      setState({ phase: 'verifying' });
      try {
        await complete(customerUid, impUid);
        setState({ phase: 'registered' });
      } catch (error) {
        setState(failed(error));
      }
    },
    [complete],
  );

  const open = useCallback(async () => {
    setState({ phase: 'starting' });
    try {
      const registration = await start();
      setState({ phase: 'window_open' });
      const rsp = await openPaymentWindow(
        impConfig,
        { ...registration, amount: 0 },
        { windowMode, returnPath: '/account/cards' },
      );
      if (rsp.success && rsp.imp_uid) return verify(registration.customerUid, rsp.imp_uid);
      setState({
        phase: 'failed',
        message: failureWords(rsp.error_msg, 'registration') ?? '카드 등록을 취소했습니다.',
      });
    } catch (error) {
      setState(failed(error));
    }
  }, [impConfig, windowMode, start, verify]);

  return { state, open, verify, setState };
}
