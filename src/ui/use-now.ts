/**
 * The current time, re-read every `intervalMs` so countdowns stay live without a network call.
 *
 * Every component asking for the same interval shares ONE ticker, whose tick updates them all in one
 * render, so two cards on screen always compute from the same instant: the Next Ferry card and
 * the tracker cannot say "1 min" and "2 min" for the same sailing because their timers fired half a
 * second apart.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

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

/**
 * The instant the page's HTML shows (src/app/prerender.tsx): a request's, where the server rendered
 * the page; unknown in the build's shells, whose time would be wrong on any phone. The render that
 * takes the HTML over in the browser (src/main.tsx hydrates it) uses the same instant, so it shows
 * what the HTML shows, and React renders the current time right after it.
 */
let renderInstant: number | undefined;
/** What `useNow` shows where the HTML's instant is unknown (no text in the shells depends on it). */
const fallbackInstant = Date.now();

/** Sets the instant the HTML shows: a request's (the server renders home per request), or undefined in the build's shells. */
export function setRenderInstant(epochMs: number | undefined): void {
  renderInstant = epochMs;
}

const readRenderInstant = () => renderInstant ?? fallbackInstant;
const readKnownRenderInstant = () => renderInstant;

/** Nothing to subscribe to: the snapshot below differs only between hydration and a client render. */
const subscribeToNothing = () => () => undefined;
const notHydrating = () => false;
const hydrating = () => true;

/**
 * The ticker's time in component state. A tick sets every listener's state in the same task, which
 * Preact (the app's React runtime, docs/DESIGN.md) renders together: two cards never show two
 * instants. While the server's HTML is being taken over it reads `htmlInstant` (what the HTML shows);
 * the current time follows right after.
 */
function useTickerState<T extends number | undefined>(intervalMs: number, htmlInstant: () => T): number | T {
  const isHydrating = useSyncExternalStore(subscribeToNothing, notHydrating, hydrating);
  const [now, setNow] = useState<number | T>(() => (isHydrating ? htmlInstant() : tickerFor(intervalMs).now));
  useEffect(() => {
    const follow = () => setNow(tickerFor(intervalMs).now);
    const unsubscribe = subscribe(intervalMs, follow);
    follow(); // the HTML's instant, or a tick between this render and now
    return unsubscribe;
  }, [intervalMs]);
  return isHydrating ? htmlInstant() : now;
}

export function useNow(intervalMs: number): number {
  return useTickerState(intervalMs, readRenderInstant);
}

/** As `useNow`, but undefined in HTML whose instant is unknown (the build's shells) and in the render that takes it over. */
export function useClockNow(intervalMs: number): number | undefined {
  return useTickerState(intervalMs, readKnownRenderInstant);
}
