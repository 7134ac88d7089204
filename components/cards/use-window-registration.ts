'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImpConfig, RegistrationProof, RegistrationStart } from '@/lib/browser/client';
import { ApiError, issueBillingKeyV2, openPaymentWindow } from '@/lib/browser/client';
import type { WindowMode } from '@/lib/identity/client';
import type { KeyMethod } from '@/lib/payments/client';
import { registrationFailedWords } from './registration-words';

export type WindowRegistrationState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'window_open' }
  | { phase: 'verifying' }
  | { phase: 'registered' }
  | { phase: 'failed'; message: string };

/**
 * The full-page window's return: V1's m_redirect_url (merchant_uid is the key's customer_uid, see
 * lib/cards/register-in-window.ts), or V2's redirectUrl (customer_uid in our own query, the billing key in V2's).
 */
export interface WindowRedirectResult {
  customerUid?: string;
  impUid?: string;
  billingKey?: string;
  success: boolean;
  errorMessage?: string;
  /** What was being registered (the return path says so; only the words depend on it). */
  method?: KeyMethod;
}

interface Options {
  impConfig: ImpConfig;
  windowMode?: WindowMode;
  start(): Promise<RegistrationStart>;
  complete(customerUid: string, proof: RegistrationProof): Promise<unknown>;
}

const failed = (error: unknown): WindowRegistrationState => ({
  phase: 'failed',
  message: error instanceof ApiError || error instanceof Error ? error.message : '등록하지 못했습니다.',
});

/**
 * Registration through the payment window (a card's, or a wallet's): a customer_uid from our
 * server, the window (V1: IMP.request_pay with amount 0; V2: PortOne.requestIssueBillingKey under
 * that customer id, as the server's answer says), then our server checks the result with the
 * service before the key is kept.
 */
export function useWindowRegistration({ impConfig, windowMode, start, complete }: Options) {
  const [state, setState] = useState<WindowRegistrationState>({ phase: 'idle' });

  const verify = useCallback(
    async (customerUid: string, proof: RegistrationProof) => {
      setState({ phase: 'verifying' });
      try {
        await complete(customerUid, proof);
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
      // On a phone the window returns by redirect: the path says what was registered.
      const returnPath =
        registration.method === 'card' ? '/account/cards' : `/account/cards?means=${registration.method}`;
      if (registration.api === 'v2') {
        const back = `${returnPath}${returnPath.includes('?') ? '&' : '?'}customer_uid=${encodeURIComponent(registration.customerUid)}`;
        const issued = await issueBillingKeyV2(registration, { windowMode, returnPath: back });
        if (issued.success) return verify(registration.customerUid, { billingKey: issued.billingKey });
        return setState({ phase: 'failed', message: registrationFailedWords(registration.method, issued.error_msg) });
      }
      const rsp = await openPaymentWindow(impConfig, { ...registration, amount: 0 }, { windowMode, returnPath });
      if (rsp.success && rsp.imp_uid) return verify(registration.customerUid, rsp.imp_uid);
      setState({ phase: 'failed', message: registrationFailedWords(registration.method, rsp.error_msg) });
    } catch (error) {
      setState(failed(error));
    }
  }, [impConfig, windowMode, start, verify]);

  return { state, open, verify, setState };
}

/** Hands a redirect return (phones) to the server once; a reload must not hand it in again (a replay). */
export function useRedirectResult(
  redirectResult: WindowRedirectResult | undefined,
  { verify, setState }: Pick<ReturnType<typeof useWindowRegistration>, 'verify' | 'setState'>,
) {
  const handled = useRef(false);
  useEffect(() => {
    if (!redirectResult || handled.current) return;
    handled.current = true;
    window.history.replaceState(null, '', window.location.pathname);
    const { customerUid, impUid, billingKey, success, errorMessage, method = 'card' } = redirectResult;
    if (success && customerUid && impUid) void verify(customerUid, impUid);
    else if (success && customerUid && billingKey) void verify(customerUid, { billingKey });
    else setState({ phase: 'failed', message: registrationFailedWords(method, errorMessage) });
  }, [redirectResult, verify, setState]);
}
