'use client';
import * as Toast from '@radix-ui/react-toast';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

type Tone = 'success' | 'info';
type Notify = (message: string, tone?: Tone) => void;

const ToastContext = createContext<Notify>(() => {});

/**
 * Success and info notices as toasts (announced politely, dismissable, gone after a few seconds);
 * errors stay inline alerts where the problem is. One provider at the root of the customer app.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<{ id: number; message: string; tone: Tone }[]>([]);
  const notify = useCallback<Notify>((message, tone = 'success') => {
    setToasts((current) => [...current.slice(-2), { id: Date.now() + Math.random(), message, tone }]);
  }, []);
  const forget = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));
  return (
    <ToastContext.Provider value={notify}>
      <Toast.Provider label="알림" duration={6000}>
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            className={`toast toast-${toast.tone}`}
            onOpenChange={(open) => !open && forget(toast.id)}
          >
            <Toast.Description>{toast.message}</Toast.Description>
            <Toast.Close className="toast-close" aria-label="알림 닫기">
              ×
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="toast-viewport" label="알림 ({hotkey})" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** Shows a success (or info) toast: `const toast = useToast(); toast('카드가 등록되었습니다.')`. */
export const useToast = () => useContext(ToastContext);
