/**
 * What makes the landing page's feature card (./feature-rotator.tsx) turn, without React: the
 * landing page is a brochure (./brochure.ts). Every LANDING_ROTATION_MS the next feature; a dot shows
 * its feature; "Pause rotation" / "Play rotation" is the visitor's own choice, and until they make
 * one the phone's reduced-motion preference decides; hover or focus holds the card still (WCAG
 * 2.2.2). Only the card's own text and attributes change.
 */
import { LANDING_ROTATION_MS } from '@/domain/constants';
import { FEATURES } from '@/features/landing/landing-content';

export const ROTATOR = { pauseText: 'Pause rotation', playText: 'Play rotation' } as const;

export function rotatorSlideLabel(index: number): string {
  return `${index + 1} of ${FEATURES.length}`;
}

export function rotatorDotClass(current: boolean): string {
  return `size-2.5 rounded-full ${current ? 'bg-primary' : 'bg-switch-off'}`;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Starts the card's rotation in `card` (the element with `data-rotator`); returns what stops it. */
export function startFeatureRotation(card: HTMLElement): () => void {
  const slide = card.querySelector<HTMLElement>('[data-rotator-slide]');
  const heading = slide?.querySelector('h2');
  const summary = slide?.querySelector('p');
  const dots = [...card.querySelectorAll<HTMLButtonElement>('[data-rotator-dot]')];
  const toggle = card.querySelector<HTMLButtonElement>('[data-rotator-toggle]');
  const label = toggle?.querySelector('[data-rotator-label]');
  if (!slide || !heading || !summary || !toggle || !label) return () => undefined;

  let index = 0;
  let paused = prefersReducedMotion();
  let held = false;
  let timer: number | undefined;

  function show(next: number) {
    const feature = FEATURES[next];
    if (!feature || !slide || !heading || !summary) return;
    index = next;
    slide.setAttribute('aria-label', rotatorSlideLabel(index));
    heading.textContent = feature.name;
    summary.textContent = feature.summary;
    dots.forEach((dot, i) => {
      dot.setAttribute('aria-pressed', String(i === index));
      dot.firstElementChild?.setAttribute('class', rotatorDotClass(i === index));
    });
  }

  function run() {
    window.clearInterval(timer);
    timer = undefined;
    if (!paused && !held) timer = window.setInterval(() => show((index + 1) % FEATURES.length), LANDING_ROTATION_MS);
    label!.textContent = paused ? ROTATOR.playText : ROTATOR.pauseText;
    toggle!.querySelector('[data-rotator-icon="play"]')?.classList.toggle('hidden', !paused);
    toggle!.querySelector('[data-rotator-icon="pause"]')?.classList.toggle('hidden', paused);
  }

  const hold = (on: boolean) => {
    held = on;
    run();
  };
  const listeners: Array<[EventTarget, string, (event: Event) => void]> = [
    [
      toggle,
      'click',
      () => {
        paused = !paused;
        run();
      },
    ],
    [card, 'mouseenter', () => hold(true)],
    [card, 'mouseleave', () => hold(false)],
    [card, 'focusin', () => hold(true)],
    [
      card,
      'focusout',
      (event) => {
        if (!card.contains((event as FocusEvent).relatedTarget as Node | null)) hold(false);
      },
    ],
    ...dots.map((dot, i): [EventTarget, string, (event: Event) => void] => [dot, 'click', () => show(i)]),
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  run();
  // Says the card answers presses (what the start-up benches wait for: bench/page-settle.ts).
  card.toggleAttribute('data-rotator-running', true);
  return () => {
    card.removeAttribute('data-rotator-running');
    window.clearInterval(timer);
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  };
}
