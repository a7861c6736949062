/**
 * The landing page's rotating feature card (membership §2: rotates every LANDING_ROTATION_MS), as its
 * HTML: the first feature, rotating. What makes it turn, pause and follow the dots is
 * ./feature-rotation.ts, which runs without React (the landing page is a brochure:
 * ./brochure.ts). WCAG 2.2.2: the rotation can be paused, and pauses while the card has hover or
 * focus; with prefers-reduced-motion it starts paused. The card is not a live region: rotating text
 * must not interrupt a screen reader every 4 seconds.
 */
import { Pause, Play } from 'lucide-react';

import { ROTATOR, rotatorDotClass, rotatorSlideLabel } from '@/features/landing/feature-rotation';
import { FEATURES } from '@/features/landing/landing-content';

export function FeatureRotator() {
  const first = FEATURES[0];
  if (!first) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Deckhand features"
      data-rotator=""
      className="w-full max-w-md rounded-xl bg-surface p-5 text-foreground shadow-xl"
    >
      <div aria-roledescription="slide" aria-label={rotatorSlideLabel(0)} className="min-h-28" data-rotator-slide="">
        <h2 className="text-xl font-semibold text-primary">{first.name}</h2>
        <p className="mt-2 text-muted-foreground">{first.summary}</p>
      </div>
      <div className="mt-4 flex items-center justify-between gap-2">
        <div className="flex flex-wrap gap-1">
          {FEATURES.map((f, i) => (
            <button
              key={f.name}
              type="button"
              aria-label={`Show ${f.name}`}
              aria-pressed={i === 0}
              data-rotator-dot={i}
              className="inline-flex size-6 items-center justify-center rounded-full"
            >
              <span aria-hidden="true" className={rotatorDotClass(i === 0)} />
            </button>
          ))}
        </div>
        <button
          type="button"
          data-rotator-toggle=""
          className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-medium text-primary hover:bg-secondary"
        >
          <Play aria-hidden="true" className="hidden size-4" data-rotator-icon="play" />
          <Pause aria-hidden="true" className="size-4" data-rotator-icon="pause" />
          <span data-rotator-label="">{ROTATOR.pauseText}</span>
        </button>
      </div>
    </section>
  );
}
