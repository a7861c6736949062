/**
 * Connectivity as UI/session state (zustand; DESIGN.md: cached server data lives in Dexie, not here):
 * whether the browser thinks it is online, the realtime channel's state, and whether this page is
 * flushing the outbox right now. Queued/failed counts are read from Dexie, not mirrored here.
 */
import { create } from 'zustand';

export type RealtimeState = 'connecting' | 'connected' | 'disconnected';

export interface ConnectivityState {
  online: boolean;
  realtime: RealtimeState;
  /** True while this page runs an outbox pass ("Sending N…"). */
  flushing: boolean;
  setOnline: (online: boolean) => void;
  setRealtime: (realtime: RealtimeState) => void;
  setFlushing: (flushing: boolean) => void;
}

const initiallyOnline = typeof navigator === 'undefined' ? true : navigator.onLine !== false;

export const useConnectivityStore = create<ConnectivityState>()((set) => ({
  online: initiallyOnline,
  realtime: 'disconnected',
  flushing: false,
  setOnline: (online) => set({ online }),
  setRealtime: (realtime) => set({ realtime }),
  setFlushing: (flushing) => set({ flushing }),
}));

/** Follow the browser's online/offline events; returns the unsubscribe. */
export function watchOnlineStatus(): () => void {
  const update = () => useConnectivityStore.getState().setOnline(navigator.onLine !== false);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}
