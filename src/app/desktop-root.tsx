/**
 * The root (/, /tracker, …) for desktop visitors (membership §2): the landing page, or a 'Mobile
 * Preview' of the phone frame when the server has the landing page disabled. Its own chunk: phones,
 * which get the frame at the root, never download it (src/app/root-layout.tsx).
 *
 * The landing page is the spec's default, so it shows from the first render, while a first visit's
 * config is still being read and fetched: the page never waits on the device database, a request and
 * another chunk with "Loading Deckhand..." in the landing page's place (a loaded machine could reach
 * network idle before the landing page was there). Only a server that has it disabled turns it into
 * the preview once its config is known.
 */
import { MobilePreview } from '@/app/mobile-preview';
import { useLandingEnabled } from '@/app/use-landing-enabled';
import { LandingPage } from '@/features/landing/landing-page';

export function DesktopRoot() {
  return useLandingEnabled() === false ? <MobilePreview /> : <LandingPage />;
}
