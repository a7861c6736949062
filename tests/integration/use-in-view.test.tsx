/**
 * Whether an element has come near the viewport: every element is watched by one shared observer
 * (home's ten widgets were ten observers), each is told once, and is no longer watched after that or
 * once its component is gone.
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
const { IN_VIEW_MARGIN_PX, useInView } = await import('@/ui/use-in-view');

function Card({ name }: { name: string }) {
  const ref = useRef<HTMLElement>(null);
  const seen = useInView(ref);
  return (
    <section ref={ref} aria-label={name}>
      {seen ? 'in view' : 'not yet'}
    </section>
  );
}

afterEach(cleanup);

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
