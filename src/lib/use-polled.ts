/**
 * A back-office read polled every `intervalMs` (membership §7 intervals). The back office works
 * online only (its screens are not in the rider's offline store): the last answer stays on screen
 * with its time, and a failed poll shows as an error beside it rather than blanking the data. A
 * failed poll is not retried early (§7 "no retry"): the next tick tries again. `path` null polls
 * nothing; after the path changes, `data` is undefined until the new path's first answer (never the
 * previous path's answer shown for the new one). `usePolledCall` polls an endpoint by its contract
 * and checks each answer against it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallInput, Contract, SuccessOf } from '@/domain/contracts/contract';
import { apiGet, callTarget, checkAnswer } from '@/lib/api-client';

export interface Polled<T> {
  data: T | undefined;
  error: string | null;
  fetchedAt: number | null;
  refresh: () => void;
}

interface Answer<T> {
  path: string | null;
  data: T | undefined;
  error: string | null;
  fetchedAt: number | null;
}

export function usePolled<T>(path: string | null, intervalMs: number): Polled<T> {
  return usePolledChecked(path, intervalMs, asIs as (answer: unknown) => T);
}

const asIs = (answer: unknown) => answer;

/** Polls the endpoint `contract` describes with `input` (null: nothing), each answer checked against the contract. */
export function usePolledCall<C extends Contract>(contract: C, input: CallInput<C> | null, intervalMs: number): Polled<SuccessOf<C>> {
  const path = input === null ? null : callTarget(contract, input).path;
  const check = useCallback((answer: unknown) => checkAnswer(contract, answer), [contract]);
  return usePolledChecked(path, intervalMs, check);
}

function usePolledChecked<T>(path: string | null, intervalMs: number, check: (answer: unknown) => T): Polled<T> {
  const [state, setState] = useState<Answer<T>>({ path: null, data: undefined, error: null, fetchedAt: null });
  const current = useRef(path);
  const load = useCallback(() => {
    if (path === null) return;
    apiGet<unknown>(path)
      .then(check)
      .then((data) => current.current === path && setState({ path, data, error: null, fetchedAt: Date.now() }))
      .catch(
        (error: unknown) =>
          current.current === path &&
          setState((s) => ({ ...(s.path === path ? s : { data: undefined, fetchedAt: null }), path, error: error instanceof Error ? error.message : String(error) })),
      );
  }, [path, check]);
  useEffect(() => {
    current.current = path;
    if (path === null) return;
    load();
    const timer = setInterval(load, intervalMs);
    return () => {
      current.current = null;
      clearInterval(timer);
    };
  }, [load, path, intervalMs]);
  const mine = state.path === path && path !== null;
  return { data: mine ? state.data : undefined, error: mine ? state.error : null, fetchedAt: mine ? state.fetchedAt : null, refresh: load };
}
