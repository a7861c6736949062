/**
 * Home's widgets load their code as they come into view: one whose code cannot be fetched (offline
 * before the service worker holds the app) says so in its own box, and the rest of home stays.
 */
import { render, screen } from '@testing-library/preact';
import { lazy } from 'react';
import { expect, it, vi } from 'vitest';

import { InViewWidget } from '@/app/pages/in-view-widget';

const Unreachable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

it('a widget whose code cannot be fetched says so in its own box; the page and the other widgets stay', async () => {
  // React reports the caught error on the console; the test reads what the rider sees.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <main>
      <h1>Deckhand</h1>
      <InViewWidget name="store" minHeight={10} eager>
        <Unreachable />
      </InViewWidget>
      <InViewWidget name="complaints" minHeight={10} eager>
        <button type="button">Other</button>
      </InViewWidget>
    </main>,
  );
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('This card could not be loaded. Check your connection and try again.');
  expect(alert.closest('[data-widget]')?.getAttribute('data-widget')).toBe('store');
  expect(screen.getByRole('heading', { name: 'Deckhand' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Other' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
});
