import { cleanup, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes, preloadRoute } from '@/app/router';

import { desktop, phone, resetDevice, setDevice } from './device-support';

vi.mock('@/app/connectivity-indicator', () => ({ ConnectivityIndicator: () => null }));

afterEach(() => {
  cleanup();
  resetDevice();
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

// In this order: the page's code, once loaded, stays loaded for the rest of the file.
describe('a rider page at the root', () => {
  it('is not downloaded for a desktop visitor, who gets the landing page there', async () => {
    setDevice(desktop);
    await preloadRoute('/help');
    setDevice(phone);
    renderAt('/help');
    // Not loaded: the first render is a fallback (the phone frame is a chunk of its own too), not the page.
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Ferry Travel Help' })).toBeNull();
  });

  it('on a phone, has its code loaded before the first render, which shows the page at once', async () => {
    setDevice(phone);
    await preloadRoute('/games');
    renderAt('/games');
    expect(screen.getByRole('heading', { level: 1, name: 'Games' })).toBeTruthy();
  });
});
