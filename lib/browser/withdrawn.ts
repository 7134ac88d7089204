'use client';
import { useSyncExternalStore } from 'react';

// Whether the account was just withdrawn in this page: what the server rendered before (the name
// and email in the header and on /account) is hidden at once, while the farewell dialog is open.
let withdrawn = false;
const listeners = new Set<() => void>();

export function markWithdrawn(): void {
  withdrawn = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useWithdrawn = () =>
  useSyncExternalStore(
    subscribe,
    () => withdrawn,
    () => false,
  );
