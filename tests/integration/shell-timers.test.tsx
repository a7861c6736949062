import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ClockBar } from '@/app/mobile-frame';
import { RootLayout } from '@/app/root-layout';
import { CLOCK_REFRESH_MS, LANDING_ROTATION_MS } from '@/domain/constants';
import { startFeatureRotation } from '@/features/landing/feature-rotation';
import { FeatureRotator } from '@/features/landing/feature-rotator';
import { FEATURES } from '@/features/landing/landing-content';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const slideHeading = () => screen.getByRole('heading', { level: 2 }).textContent;

/** The card as the HTML has it, turning as on the page (its rotation runs without React). */
function renderRotator() {
  const { container } = render(<FeatureRotator />);
  startFeatureRotation(container.querySelector<HTMLElement>('[data-rotator]')!);
}

describe('landing feature card', () => {
  it(`rotates every ${LANDING_ROTATION_MS / 1000} s, and stays put while paused`, () => {
    vi.useFakeTimers();
    renderRotator();
    expect(slideHeading()).toBe(FEATURES[0]!.name);
    act(() => {
      vi.advanceTimersByTime(LANDING_ROTATION_MS - 1);
    });
    expect(slideHeading()).toBe(FEATURES[0]!.name);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(slideHeading()).toBe(FEATURES[1]!.name);

    fireEvent.click(screen.getByRole('button', { name: 'Pause rotation' }));
    act(() => {
      vi.advanceTimersByTime(3 * LANDING_ROTATION_MS);
    });
    expect(slideHeading()).toBe(FEATURES[1]!.name);

    fireEvent.click(screen.getByRole('button', { name: 'Play rotation' }));
    act(() => {
      vi.advanceTimersByTime(LANDING_ROTATION_MS);
    });
    expect(slideHeading()).toBe(FEATURES[2]!.name);
  });

  it('holds still while the card has focus or the pointer, and turns again after', () => {
    vi.useFakeTimers();
    renderRotator();
    const card = screen.getByRole('region', { name: 'Deckhand features' });
    // Dispatched as the browser does (testing-library's Preact `fireEvent.focusIn` names the event `FocusIn`).
    fireEvent(card, new FocusEvent('focusin', { bubbles: true }));
    act(() => {
      vi.advanceTimersByTime(2 * LANDING_ROTATION_MS);
    });
    expect(slideHeading()).toBe(FEATURES[0]!.name);
    fireEvent(card, new FocusEvent('focusout', { bubbles: true }));
    fireEvent.mouseEnter(card);
    act(() => {
      vi.advanceTimersByTime(2 * LANDING_ROTATION_MS);
    });
    expect(slideHeading()).toBe(FEATURES[0]!.name);
    fireEvent.mouseLeave(card);
    act(() => {
      vi.advanceTimersByTime(LANDING_ROTATION_MS);
    });
    expect(slideHeading()).toBe(FEATURES[1]!.name);
  });

  it('lets a visitor pick a feature with the dots', () => {
    renderRotator();
    const last = FEATURES[FEATURES.length - 1]!;
    fireEvent.click(screen.getByRole('button', { name: `Show ${last.name}` }));
    expect(slideHeading()).toBe(last.name);
  });

  it('starts paused for visitors who prefer reduced motion', () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      addEventListener() {},
      removeEventListener() {},
    }));
    renderRotator();
    expect(screen.getByRole('button', { name: 'Play rotation' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2 * LANDING_ROTATION_MS);
    });
    expect(slideHeading()).toBe(FEATURES[0]!.name);
  });
});

describe('clock bar time', () => {
  it('shows the terminal time and refreshes it every minute', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T17:41:59Z') });
    render(<ClockBar />);
    expect(screen.getByText('10:41 AM')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(CLOCK_REFRESH_MS);
    });
    expect(screen.getByText('10:42 AM')).toBeTruthy();
  });

  it('turns with the minute, so it never reads a minute behind data stamped a moment ago', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T17:41:10Z') });
    render(<ClockBar />);
    expect(screen.getByText('10:41 AM')).toBeTruthy();
    // 50 s later the minute has turned: a clock that ticked a minute after it started would still say 10:41.
    act(() => {
      vi.advanceTimersByTime(50_000);
    });
    expect(screen.getByText('10:42 AM')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(CLOCK_REFRESH_MS);
    });
    expect(screen.getByText('10:43 AM')).toBeTruthy();
  });
});

describe('before device detection can run', () => {
  it('says "Loading Deckhand..."', () => {
    // The server snapshot is what a browser shows before the detection's first read.
    const html = renderToString(<RootLayout desktop={null} mobile={null} />).replaceAll('<!-- -->', '');
    expect(html).toContain('Loading Deckhand...');
  });
});
