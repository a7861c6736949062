/**
 * The current time, re-read every `intervalMs` so countdowns stay live without a network call.
 *
 * Every component asking for the same interval shares ONE ticker (useSyncExternalStore), so two cards
 * on screen always compute from the same instant: the Next Ferry card and the tracker cannot say
 * "1 min" and "2 min" for the same sailing because their timers fired half a second apart.
 */
import { useCallback, useSyncExternalStore } from 'react';

interface Ticker {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | undefined;
  /** The first tick's timeout, while a whole-minute ticker waits for the minute to turn. */
  align: ReturnType<typeof setTimeout> | undefined;
}

const MINUTE_MS = 60_000;

const tickers = new Map<number, Ticker>();

function tickerFor(intervalMs: number): Ticker {
  let ticker = tickers.get(intervalMs);
  if (!ticker) {
    ticker = { now: Date.now(), listeners: new Set(), timer: undefined, align: undefined };
    tickers.set(intervalMs, ticker);
  }
  return ticker;
}

function subscribe(intervalMs: number, listener: () => void): () => void {
  const ticker = tickerFor(intervalMs);
  ticker.listeners.add(listener);
  if (ticker.timer === undefined && ticker.align === undefined) {
    ticker.now = Date.now();
    const tick = () => {
      ticker.now = Date.now();
      for (const notify of [...ticker.listeners]) notify();
    };
    if (intervalMs % MINUTE_MS === 0) {
      // A clock that shows minutes ticks when the minute turns, not up to a minute later: started at
      // 3:56:40 it must read 3:57 at 3:57:00, or it reads 3:56 above "Data from 3:57 pm".
      ticker.align = setTimeout(
        () => {
          ticker.align = undefined;
          tick();
          ticker.timer = setInterval(tick, intervalMs);
        },
        MINUTE_MS - (ticker.now % MINUTE_MS),
      );
    } else {
      ticker.timer = setInterval(tick, intervalMs);
    }
  }
  return () => {
    ticker.listeners.delete(listener);
    if (ticker.listeners.size === 0) {
      clearTimeout(ticker.align);
      clearInterval(ticker.timer);
      tickers.delete(intervalMs);
    }
  };
}

/** The instant a render outside the browser shows (src/app/prerender.tsx): the build's, or a request's. */
let renderInstant = Date.now();

/** Sets the instant the next render outside the browser shows (the server renders home per request). */
export function setRenderInstant(epochMs: number): void {
  renderInstant = epochMs;
}

const readRenderInstant = () => renderInstant;

export function useNow(intervalMs: number): number {
  // Stable per interval: a new subscribe function would make React resubscribe on every render.
  const subscribeToTicker = useCallback((listener: () => void) => subscribe(intervalMs, listener), [intervalMs]);
  const read = useCallback(() => tickerFor(intervalMs).now, [intervalMs]);
  return useSyncExternalStore(subscribeToTicker, read, readRenderInstant);
}
