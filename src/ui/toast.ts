/**
 * Toasts (rider-core §9) without sonner in the start-up code: its module loads with the first toast
 * a screen raises (the service worker has it cached, so offline too), and the Toaster mounts then
 * (src/app/providers.tsx). Nothing raised meanwhile is lost: sonner shows a toast raised before its
 * Toaster subscribed as soon as it does.
 */
import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']>[0];
type Kind = 'success' | 'error' | 'warning';

let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner');
    for (const listener of listeners) listener();
  }
  return loading;
}

function show(kind?: Kind) {
  return (message: Message, options?: ExternalToast): void => {
    void loadSonner().then(({ toast: sonner }) => (kind ? sonner[kind](message, options) : sonner(message, options)));
  };
}

export const toast = Object.assign(show(), { success: show('success'), error: show('error'), warning: show('warning') });

/** Whether any toast has been raised yet: the Toaster mounts from then on. */
export function useToastsStarted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading !== undefined,
    () => false,
  );
}
