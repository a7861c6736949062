/**
 * A back-office read polled every `intervalMs` (membership §7 intervals). The back office works
 * online only (its screens are not in the rider's offline store): the last answer stays on screen
 * with its time, and a failed poll shows as an error beside it rather than blanking the data.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiGet } from '@/lib/api-client';

export interface Polled<T> {
  data: T | undefined;
  error: string | null;
  fetchedAt: number | null;
  refresh: () => void;
}

export function usePolled<T>(path: string, intervalMs: number): Polled<T> {
  const [state, setState] = useState<{ data: T | undefined; error: string | null; fetchedAt: number | null }>({ data: undefined, error: null, fetchedAt: null });
  const live = useRef(true);
  const load = useCallback(() => {
    apiGet<T>(path)
      .then((data) => live.current && setState({ data, error: null, fetchedAt: Date.now() }))
      .catch((error: unknown) => live.current && setState((s) => ({ ...s, error: error instanceof Error ? error.message : String(error) })));
  }, [path]);
  useEffect(() => {
    live.current = true;
    load();
    const timer = setInterval(load, intervalMs);
    return () => {
      live.current = false;
      clearInterval(timer);
    };
  }, [load, intervalMs]);
  return { ...state, refresh: load };
}
