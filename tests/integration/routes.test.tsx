import { act, cleanup, render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { db, META } from '@/data/db';

import { SETTLED } from '../kit/settled';
import { desktop, phone, resetDevice, setDevice } from './device-support';

// The slice's widgets and the connectivity strip have their own tests; here they only need to be present.
vi.mock('@/features/next-ferry/next-ferry-card', () => ({
  NextFerryCard: () => <section aria-label="Next Ferry">Next Ferry card</section>,
}));
vi.mock('@/features/complaints/complaints-card', () => ({
  ComplaintsCard: () => <section aria-label="Complaints">Complaint engine</section>,
}));
vi.mock('@/app/connectivity-indicator', () => ({ ConnectivityIndicator: () => null }));

/** Rendered inside an awaited act(): a page whose code is still loading suspends, and React retries it only there. */
async function renderAt(path: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>,
    );
  });
}

afterEach(() => {
  cleanup();
  resetDevice();
});

describe('routes', () => {
  it('/app/help shows Ferry Travel Help inside the phone frame, even on desktop', async () => {
    setDevice(desktop);
    await renderAt('/app/help');
    // The file's first render imports the frame and the page's lazy modules, transformed on first
    // import: ~5 s on a loaded 2-core host, which the default wait does not always cover.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ferry Travel Help' }, { timeout: 20_000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Help' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/app');
    expect(screen.getByRole('link', { name: 'Emergency: call 911' }).getAttribute('href')).toBe('tel:911');
    // The title is set in an effect, which may run just after the heading is committed.
    await vi.waitFor(() => expect(document.title).toBe('Ferry Travel Help · Deckhand'), SETTLED);
  });

  it('/help on a phone shows the framed page with root-prefixed navigation', async () => {
    setDevice(phone);
    await renderAt('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ferry Travel Help' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Tracker' }).getAttribute('href')).toBe('/tracker');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
  });

  it('/ on desktop shows the landing page, not the frame', async () => {
    setDevice(desktop);
    await renderAt('/');
    expect(await screen.findByRole('link', { name: 'Open App' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Pricing' })).toBeTruthy();
    expect(screen.getAllByText(/98% queue accuracy/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('/ on desktop shows a Mobile Preview containing the frame when the server disables the landing page', async () => {
    setDevice(desktop);
    await db.meta.put({
      key: META.clientConfig,
      value: {
        realtime: { databaseURL: 'http://127.0.0.1:9/', projectId: 'test' },
        vapidPublicKey: null,
        landingEnabled: false,
      },
      updatedAt: Date.now(),
    });
    try {
      await renderAt('/');
      const preview = await screen.findByRole('region', { name: 'Mobile Preview' });
      expect(screen.getByText('Mobile Preview')).toBeTruthy();
      expect(await within(preview).findByRole('heading', { level: 1, name: 'Deckhand' })).toBeTruthy();
      expect(within(preview).getByRole('navigation', { name: 'Main' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Open App' })).toBeNull();
    } finally {
      await db.meta.delete(META.clientConfig);
    }
  });

  it('/ on a phone shows home with the slice and a settings button', async () => {
    setDevice(phone);
    await renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deckhand' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Next Ferry' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Complaints' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
  });

  it('/app is home in the frame on desktop, with settings under /app', async () => {
    setDevice(desktop);
    await renderAt('/app');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deckhand' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/app/settings');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' }))
        .getByRole('link', { name: 'Home' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it.each([
    ['/app/tracker', 'Live Tracker'],
    ['/app/store', 'Essentials Store'],
    ['/app/contributions', 'Community Contributions'],
    ['/app/profile', 'Profile'],
    ['/app/settings', 'Settings'],
    ['/app/ninja', 'Ninja Booking'],
    ['/app/games', 'Games'],
    ['/app/exception-pass', 'Emergency Exception Pass'],
    ['/admin/login', 'Admin Login'],
    ['/site-tree', 'Site Map'],
  ])('%s shows "%s"', async (path, title) => {
    setDevice(desktop);
    await renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('the site map shows the access notes', async () => {
    await renderAt('/site-tree');
    await screen.findByRole('heading', { level: 1, name: 'Site Map' });
    expect(screen.getByText('Ninja members')).toBeTruthy();
    expect(screen.getByText('Premium+')).toBeTruthy();
    expect(screen.getAllByText('admin only')).toHaveLength(2);
    expect(screen.getByText('staff and up')).toBeTruthy();
    expect(screen.getByText('/api/booking-agent')).toBeTruthy();
  });

  it.each(['/nope', '/app/nope', '/admin'])('%s is the 404 page', async (path) => {
    await renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    await vi.waitFor(() => expect(document.title).toBe('404 Page Not Found'), SETTLED);
  });
});
