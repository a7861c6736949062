/**
 * The first screen of /app as HTML (src/app/prerender.tsx): as the build renders it into the shell,
 * with no data, and as the server renders it per request, with its sailings, banners, instant and
 * zone data.
 * Its own file: the render leaves the page's first reads as a render in Node would.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { renderShell } from '@/app/prerender';
import { intlOffset, setTerminalZoneOffset, temporalOffset } from '@/domain/time';

import { SAMPLE_BANNERS, sampleFerry } from './sample-data';

const MINUTE = 60_000;

afterEach(() => setTerminalZoneOffset(temporalOffset() ?? intlOffset));

describe("the server's render of /app", () => {
  it("shows the next sailing from the server's list at its instant, in the terminal's zone as the server gives it", async () => {
    const now = Date.parse('2026-11-25T11:00:00Z');
    const ferry = sampleFerry({ departureTime: '2026-11-25T11:25:00Z' });
    const html = await renderShell('/app', {
      data: { ferries: [ferry], fetchedAt: now },
      now,
      zoneOffset: () => -7 * 60 * MINUTE,
    });

    expect(html).toContain('Departs in 25 min');
    expect(html).toContain('4:25 AM'); // 11:25 UTC at UTC−7
    expect(html).toContain('Horseshoe Bay - Departure Bay');
    expect(html).not.toContain('Loading ferry information...');

    // Another zone offset, another wall-clock time: the render uses the one it is given.
    const later = await renderShell('/app', {
      data: { ferries: [ferry], fetchedAt: now },
      now,
      zoneOffset: () => -8 * 60 * MINUTE,
    });
    expect(later).toContain('3:25 AM');
  });

  it('shows the first banner, its strip and buttons disabled until the app runs; without a banner list, the reserved room', async () => {
    const now = Date.parse('2026-11-25T11:00:00Z');
    const banners = SAMPLE_BANNERS;
    const data = { ferries: [sampleFerry()], fetchedAt: now };
    const html = await renderShell('/app', { data: { ...data, banners }, now, zoneOffset: () => -7 * 60 * MINUTE });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const strip = doc.querySelector('[aria-label="Announcements"]');
    expect(strip?.textContent).toContain('Lanes move before departure. Be back at your vehicle.');
    expect(strip?.textContent).not.toContain('Snacks to your car');
    const dots = [...strip!.querySelectorAll('button')];
    expect(dots.map((b) => b.getAttribute('aria-label'))).toEqual(['Show banner 1 of 2', 'Show banner 2 of 2']);
    expect(dots.every((b) => b.disabled)).toBe(true);

    const without = await renderShell('/app', { data, now, zoneOffset: () => -7 * 60 * MINUTE });
    expect(without).not.toContain('Announcements');
    expect(await renderShell('/app')).not.toContain('Announcements');
  });

  it("while the vessel is still crossing, shows its coming departure's car deck and passengers, not the crossing's", async () => {
    const now = Date.parse('2026-11-25T11:00:00Z');
    // Queen of Oak Bay (1,200 passengers, 320 cars) on her way in with 290 cars of another crossing.
    const crossing = sampleFerry({
      departureTime: '2026-11-25T11:25:00Z',
      status: 'en_route',
      currentPassengers: 1_100,
      currentVehicles: 290,
      source: 'simulator',
      observedAt: '2026-11-25T10:59:30Z',
    });
    const render = (ferry: typeof crossing) =>
      renderShell('/app', { data: { ferries: [ferry], fetchedAt: now }, now, zoneOffset: () => -7 * 60 * MINUTE }).then(
        (html) => new DOMParser().parseFromString(html, 'text/html'),
      );
    const withLoad = await render({ ...crossing, departureLoad: { passengers: 240, vehicles: 96 } });
    expect(withLoad.querySelector('[data-testid="next-ferry-car-deck"]')?.textContent).toBe('30% full');
    expect(withLoad.body.textContent).toContain('Passengers20%');
    expect(withLoad.body.textContent).not.toContain('91% full');

    const without = await render(crossing);
    expect(without.querySelector('[data-testid="next-ferry-car-deck"]')?.textContent).toBe('Not reported');
    expect(without.body.textContent).not.toContain('Passengers');
  });

  it('without a list (the build) shows the loading line and no clock time', async () => {
    const html = await renderShell('/app');
    expect(html).toContain('Loading ferry information...');
    expect(html).toContain('<time></time>');
  });
});

it("renders every widget as its reserved box, also once the rendering process has loaded the widgets' code", async () => {
  const now = Date.now();
  const live = { data: { ferries: [sampleFerry()], fetchedAt: now }, now, zoneOffset: () => -7 * 60 * MINUTE };
  const first = await renderShell('/app', live);
  // What an earlier render would have started loading: the server keeps every module it loaded.
  await Promise.all([import('@/features/chat/chat-widget'), import('@/features/inbox/notification-bell')]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const again = await renderShell('/app', live);
  expect(again).toBe(first);
  expect(again).not.toContain('Ask Deckhand');
  expect(again).toContain('data-widget="chat"');
});
