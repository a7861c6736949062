/**
 * A back-office read polled every `intervalMs` (membership §7 intervals). The back office works
 * online only (its screens are not in the rider's offline store): the last answer stays on screen
 * with its time, and a failed poll shows as an error beside it rather than blanking the data. A
 * failed poll is not retried early (§7 "no retry"): the next tick tries again.
 *
 * The read is an endpoint's contract and its input (`usePolled(contract, input, ms)`; the answer is
 * checked against the contract). `null` input polls nothing; after the call changes, `data` is
 * undefined until the new call's first answer (never the previous call's answer shown for the new one).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

import type { CallInput, Contract, SuccessOf } from '@/domain/contracts/contract';
import { apiRequest, callTarget, checkAnswer } from '@/lib/api-client';

export interface Polled<T> {
  data: T | undefined;
  error: string | null;
  fetchedAt: number | null;
  refresh: () => void;
}

interface Answer<T> {
  key: string | null;
  data: T | undefined;
  error: string | null;
  fetchedAt: number | null;
}

export function usePolled<C extends Contract>(
  contract: C,
  input: CallInput<C> | null,
  intervalMs: number,
): Polled<SuccessOf<C>> {
  type T = SuccessOf<C>;
  // The method and path it reads are its key: a new one is a new read.
  const target = input === null ? null : callTarget(contract, input);
  const key = target && `${target.method} ${target.path}`;
  const [state, setState] = useState<Answer<T>>({ key: null, data: undefined, error: null, fetchedAt: null });
  const current = useRef(key);
  const load = useCallback(() => {
    if (key === null) return;
    const [method, path] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
    apiRequest<unknown>(path, { method: method as Contract['method'] })
      .then((answer) => checkAnswer(contract, answer))
      .then((data) => current.current === key && setState({ key, data, error: null, fetchedAt: Date.now() }))
      .catch(
        (error: unknown) =>
          current.current === key &&
          setState((s) => ({
            ...(s.key === key ? s : { data: undefined, fetchedAt: null }),
            key,
            error: error instanceof Error ? error.message : String(error),
          })),
      );
  }, [key, contract]);
  useEffect(() => {
    current.current = key;
    if (key === null) return;
    load();
    const timer = setInterval(load, intervalMs);
    return () => {
      current.current = null;
      clearInterval(timer);
    };
  }, [load, key, intervalMs]);
  const mine = state.key === key && key !== null;
  return {
    data: mine ? state.data : undefined,
    error: mine ? state.error : null,
    fetchedAt: mine ? state.fetchedAt : null,
    refresh: load,
  };
}
