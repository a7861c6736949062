/**
 * Polls `load` now and every `intervalMs` while mounted, keeping the latest answer (undefined until
 * the first answer for the current `load`). A failed poll keeps the previous value and is not
 * retried early (membership §7: "no retry"): the next tick tries again. `reload()` polls at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

type Loader<T> = () => Promise<T>;

export function usePoll<T>(load: Loader<T> | null, intervalMs: number): { value: T | undefined; reload: () => void } {
  const [answer, setAnswer] = useState<{ from: Loader<T>; value: T } | null>(null);
  const loadRef = useRef(load);

  const run = useCallback(() => {
    const current = loadRef.current;
    if (!current) return;
    current().then(
      (value) => {
        if (loadRef.current === current) setAnswer({ from: current, value });
      },
      (error: unknown) => console.warn('Booking agent poll failed', error),
    );
  }, []);

  useEffect(() => {
    loadRef.current = load;
    if (!load) return;
    run();
    const timer = setInterval(run, intervalMs);
    return () => clearInterval(timer);
  }, [load, intervalMs, run]);

  return { value: answer && answer.from === load ? answer.value : undefined, reload: run };
}
