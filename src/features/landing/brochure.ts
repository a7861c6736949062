/**
 * The landing page is a brochure (membership §2): its HTML is the whole page, and what moves on it
 * runs without React, so a slow phone has almost nothing to evaluate or render before the page is
 * quiet. The feature card turns at once (./feature-rotation.ts); the plans' trial offers
 * (./trial-offers.ts) load once the page is quiet (the browser idle, or the visitor's first input).
 * /landing's own script (src/landing-main.ts) starts it on the server's HTML, and the app's landing
 * page (./landing-page.tsx: a desktop visitor at the root) on what React drew.
 */
import { startFeatureRotation } from '@/features/landing/feature-rotation';
import type { TrialOffersOptions } from '@/features/landing/trial-offers';
import { idleOrFirstInput } from '@/lib/after-first-screen';
import { yieldToMain } from '@/lib/time-slice';

/**
 * The trial offers' code in tasks of its own: the API client (zod's core with it) is evaluated, then
 * the offers with the profile's contract (whose schemas are built as it is evaluated), then they
 * start. In one task this was the page's longest once quiet on a slow phone (bench/README.md).
 */
async function loadTrialOffers() {
  await import('@/lib/api-client');
  await yieldToMain();
  const offers = await import('@/features/landing/trial-offers');
  await yieldToMain();
  return offers;
}

/** Starts the landing page's moving parts inside `root`; returns what stops them and puts the plans' links back. */
export function startBrochure(root: HTMLElement, options: TrialOffersOptions = {}): () => void {
  const card = root.querySelector<HTMLElement>('[data-rotator]');
  const stopRotation = card ? startFeatureRotation(card) : undefined;
  let active = true;
  let stopOffers: (() => void) | undefined;
  void idleOrFirstInput()
    .then(() => (active ? loadTrialOffers() : undefined))
    .then((offers) => {
      if (active && offers) stopOffers = offers.startTrialOffers(root, options);
    })
    .catch((error: unknown) => console.warn('The trial offers could not load', error));
  return () => {
    active = false;
    stopRotation?.();
    stopOffers?.();
  };
}
