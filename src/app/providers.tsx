/**
 * App-wide providers. The sonner Toaster follows rider-core §9: one toast visible at a time, shown
 * for TOAST_DURATION_MS, the F8 hotkey focuses the toast region, swipe right dismisses, at most
 * 420 px wide. Sonner's swipe threshold is fixed at 45 px (the spec's 50 px belongs to the client it
 * describes); its removal delay after dismissal does not apply to sonner, which removes at once.
 */
import type { CSSProperties, ReactNode } from 'react';

import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@/domain/constants';
import { useToasterMount } from '@/lib/toaster-mount';

/**
 * Toasts start below the phone frame's clock bar (44 px, `h-11` in ./mobile-frame.tsx) and a gap, so
 * a toast never covers the 911 button or the clock (sonner's own offsets, 16-24 px, put it on them).
 */
const TOAST_TOP_OFFSET = { top: '52px' };

/** Sonner sizes toasts with the --width custom property; on narrow screens it goes full width. */
const toasterStyle = { '--width': '420px' } as CSSProperties;

export function Providers({ children }: { children: ReactNode }) {
  // Sonner is not needed to draw the first screen: the Toaster arrives with the first code that can
  // raise a toast (src/lib/toast.ts). A toast raised before it mounts is not lost.
  const renderToaster = useToasterMount((state) => state.renderToaster);
  return (
    <>
      {children}
      {renderToaster?.({
        position: 'top-center',
        offset: TOAST_TOP_OFFSET,
        mobileOffset: TOAST_TOP_OFFSET,
        visibleToasts: TOAST_VISIBLE_MAX,
        duration: TOAST_DURATION_MS,
        hotkey: ['F8'],
        swipeDirections: ['right'],
        style: toasterStyle,
        toastOptions: { style: { maxWidth: '420px' } },
      })}
    </>
  );
}
