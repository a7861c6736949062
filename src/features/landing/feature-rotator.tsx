/**
 * The landing page's rotating feature card (membership §2: rotates every LANDING_ROTATION_MS).
 * WCAG 2.2.2: the rotation can be paused, and pauses while the card has hover or focus. With
 * prefers-reduced-motion it starts paused. The card is not a live region: rotating text must not
 * interrupt a screen reader every 4 seconds.
 */
import { Pause, Play } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';

import { LANDING_ROTATION_MS } from '@/domain/constants';
import { FEATURES } from '@/features/landing/landing-content';
import { noSubscription } from '@/lib/no-subscription';
import { cn } from '@/ui/cn';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The phone's preference; false in the build's prerender (no window) and in the render that takes
 * its HTML over, which must show what the HTML shows: the preference applies in the render after.
 */
function useReducedMotion(): boolean {
  return useSyncExternalStore(noSubscription, prefersReducedMotion, () => false);
}

export function FeatureRotator() {
  const [index, setIndex] = useState(0);
  const reducedMotion = useReducedMotion();
  // The rider's own choice, once they make one; until then the phone's preference.
  const [chosenPause, setPaused] = useState<boolean | undefined>(undefined);
  const paused = chosenPause ?? reducedMotion;
  const [held, setHeld] = useState(false);
  const running = !paused && !held;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % FEATURES.length), LANDING_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  const feature = FEATURES[index] ?? FEATURES[0];
  if (!feature) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Deckhand features"
      className="w-full max-w-md rounded-xl bg-surface p-5 text-foreground shadow-xl"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div aria-roledescription="slide" aria-label={`${index + 1} of ${FEATURES.length}`} className="min-h-28">
        <h2 className="text-xl font-semibold text-primary">{feature.name}</h2>
        <p className="mt-2 text-muted-foreground">{feature.summary}</p>
      </div>
      <div className="mt-4 flex items-center justify-between gap-2">
        <div className="flex flex-wrap gap-1">
          {FEATURES.map((f, i) => (
            <button
              key={f.name}
              type="button"
              aria-label={`Show ${f.name}`}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
              className="inline-flex size-6 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={cn('size-2.5 rounded-full', i === index ? 'bg-primary' : 'bg-switch-off')}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => setPaused(!paused)}
          className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-medium text-primary hover:bg-secondary"
        >
          {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
          {paused ? 'Play rotation' : 'Pause rotation'}
        </button>
      </div>
    </section>
  );
}
