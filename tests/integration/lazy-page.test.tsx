import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { lazyPage } from '@/app/lazy-page';

afterEach(cleanup);

const Help = () => <h1>Ferry Travel Help</h1>;

describe('a page whose code loads on demand', () => {
  it('renders at once, without suspending, once preloaded', async () => {
    const load = vi.fn(async () => Help);
    const page = lazyPage(load);
    await page.preload();
    render(<>{page.element}</>);
    expect(screen.getByRole('heading', { name: 'Ferry Travel Help' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when its code cannot be fetched, and loads it on "Try again"', async () => {
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return Help;
    });
    const page = lazyPage(load);
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    // Inside a Suspense boundary, as the router renders every page.
    await act(async () => {
      render(<Suspense fallback={null}>{page.element}</Suspense>);
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This page could not be loaded. Check your connection and try again.',
    );
    online = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(await screen.findByRole('heading', { name: 'Ferry Travel Help' })).toBeTruthy();
    expect(load.mock.results.at(-1)?.type).toBe('return');
  });
});
