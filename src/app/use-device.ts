/**
 * Device detection (membership §2): a visitor is mobile when the user agent is a mobile one, or when
 * the viewport is narrower than MOBILE_BREAKPOINT_PX and the device has touch. The answer follows
 * resizes and rotation, so a touch laptop narrowed below the breakpoint gets the phone frame. Touch is
 * read from maxTouchPoints / a coarse pointer, not `'ontouchstart' in window`, which some engines
 * (and jsdom) report for every device.
 *
 * Detection needs `window`; until it can run (before the script has loaded, or without a DOM) the
 * state is 'detecting' and the shell shows "Loading Deckhand...".
 */
import { useSyncExternalStore } from 'react';

import { MOBILE_BREAKPOINT_PX } from '@/domain/constants';

export type DeviceKind = 'detecting' | 'mobile' | 'desktop';

const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

export function isMobileDevice(input: { userAgent: string; width: number; hasTouch: boolean }): boolean {
  return isMobileUserAgent(input.userAgent) || (input.width < MOBILE_BREAKPOINT_PX && input.hasTouch);
}

/** The device as detected now ('detecting' without a DOM). */
export function readDevice(): DeviceKind {
  if (typeof window === 'undefined') return 'detecting';
  const hasTouch =
    (navigator.maxTouchPoints ?? 0) > 0 ||
    (typeof window.matchMedia === 'function' && window.matchMedia('(any-pointer: coarse)').matches);
  return isMobileDevice({ userAgent: navigator.userAgent, width: window.innerWidth, hasTouch }) ? 'mobile' : 'desktop';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

export function useDevice(): DeviceKind {
  return useSyncExternalStore(subscribe, readDevice, () => 'detecting');
}
