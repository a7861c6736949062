/**
 * Whether an element has come near the viewport: every element is watched by one shared observer
 * (home's ten widgets were ten observers), each is told once, and is no longer watched after that or
 * once its component is gone. After start-up the widgets still out of view take turns: one per idle
 * moment, TURN_GAP_MS apart, in the order they asked; one that came into view meanwhile gives up its turn.
 */
import { act, cleanup, render, screen } from '@testing-library/preact';
import { useRef } from 'react';
import { afterEach, expect, it, vi } from 'vitest';

/** The browser's IntersectionObserver as far as the hook uses it; `show` is the browser seeing an element near the viewport. */
class FakeObserver {
  static made: FakeObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(
    private readonly callback: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.made.push(this);
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  show(element: Element, isIntersecting = true) {
    this.callback([{ target: element, isIntersecting }]);
  }
}

// jsdom has no IntersectionObserver (the hook then says "in view" at once): the module reads it when loaded.
vi.stubGlobal('IntersectionObserver', FakeObserver);
const { IN_VIEW_MARGIN_PX, TURN_GAP_MS, useAfterStartup, useInView } = await import('@/ui/use-in-view');

function Card({ name }: { name: string }) {
  const ref = useRef<HTMLElement>(null);
  const seen = useInView(ref);
  return (
    <section ref={ref} aria-label={name}>
      {seen ? 'in view' : 'not yet'}
    </section>
  );
}

afterEach(() => {
  cleanup();
  // The turns still queued end (the queue lives as long as the page), then real timers come back.
  if (vi.isFakeTimers()) vi.runAllTimers();
  vi.useRealTimers();
});

it('watches every element with one observer, tells each once it nears the viewport, then stops watching it', () => {
  const { unmount } = render(
    <>
      <Card name="Timer" />
      <Card name="Tracker" />
      <Card name="Store" />
    </>,
  );
  expect(FakeObserver.made).toHaveLength(1);
  const [observer] = FakeObserver.made;
  expect(observer!.options.rootMargin).toBe(`0px 0px ${IN_VIEW_MARGIN_PX}px 0px`);
  const timer = screen.getByRole('region', { name: 'Timer' });
  const tracker = screen.getByRole('region', { name: 'Tracker' });
  expect(observer!.watched.size).toBe(3);

  act(() => observer!.show(timer, false));
  expect(timer.textContent).toBe('not yet');
  act(() => observer!.show(timer));
  expect(timer.textContent).toBe('in view');
  expect(tracker.textContent).toBe('not yet');
  expect(observer!.watched.has(timer)).toBe(false);
  expect(observer!.watched.has(tracker)).toBe(true);

  act(() => void unmount());
  expect(observer!.watched.size).toBe(0);
  render(<Card name="Chat" />);
  expect(FakeObserver.made).toHaveLength(1);
  expect(observer!.watched.size).toBe(1);
});

function BelowFold({ name, wanted = true }: { name: string; wanted?: boolean }) {
  const ready = useAfterStartup(4_000, wanted);
  return <section aria-label={name}>{ready ? 'loaded' : 'waiting'}</section>;
}

/** jsdom has no requestIdleCallback: an idle moment is then the next timer (a timer of 0 ms runs after 1 ms). */
const idleMoment = () => act(() => void vi.advanceTimersByTime(1));

const states = () =>
  screen.getAllByRole('region').map((region) => `${region.getAttribute('aria-label')}: ${region.textContent}`);

it('after start-up, widgets out of view load one at a time, TURN_GAP_MS apart, in their order', () => {
  vi.useFakeTimers();
  render(
    <>
      <BelowFold name="Timer" />
      <BelowFold name="Tracker" />
      <BelowFold name="Chat" wanted={false} />
      <BelowFold name="Store" />
    </>,
  );
  act(() => void vi.advanceTimersByTime(3_999));
  expect(states()).toEqual(['Timer: waiting', 'Tracker: waiting', 'Chat: waiting', 'Store: waiting']);
  act(() => void vi.advanceTimersByTime(1));
  idleMoment();
  expect(states()).toEqual(['Timer: loaded', 'Tracker: waiting', 'Chat: waiting', 'Store: waiting']);
  act(() => void vi.advanceTimersByTime(TURN_GAP_MS - 1));
  expect(states()).toEqual(['Timer: loaded', 'Tracker: waiting', 'Chat: waiting', 'Store: waiting']);
  act(() => void vi.advanceTimersByTime(1));
  idleMoment();
  expect(states()).toEqual(['Timer: loaded', 'Tracker: loaded', 'Chat: waiting', 'Store: waiting']);
  // The chat, already loading (in view), is not waited for: the store comes next.
  act(() => void vi.advanceTimersByTime(TURN_GAP_MS));
  idleMoment();
  expect(states()).toEqual(['Timer: loaded', 'Tracker: loaded', 'Chat: waiting', 'Store: loaded']);
});

it('a widget gone before its turn leaves the queue to the next', () => {
  vi.useFakeTimers();
  const Home = ({ names }: { names: string[] }) => (
    <>
      {names.map((name) => (
        <BelowFold key={name} name={name} />
      ))}
    </>
  );
  const { rerender } = render(<Home names={['Timer', 'Tracker']} />);
  act(() => void vi.advanceTimersByTime(4_000));
  rerender(<Home names={['Tracker']} />);
  idleMoment();
  expect(states()).toEqual(['Tracker: loaded']);
});
