/**
 * The root (/, /tracker, …) for desktop visitors (membership §2): the landing page, or a 'Mobile
 * Preview' of the phone frame when the server has the landing page disabled. Its own chunk: phones,
 * which get the frame at the root, never download it (src/app/root-layout.tsx).
 */
import { lazy, Suspense } from 'react';

import { LoadingScreen } from '@/app/loading-screen';
import { MobilePreview } from '@/app/mobile-preview';
import { useLandingEnabled } from '@/app/use-landing-enabled';

const LandingPage = lazy(() => import('@/features/landing/landing-page').then((m) => ({ default: m.LandingPage })));

export function DesktopRoot() {
  const landingEnabled = useLandingEnabled();
  if (landingEnabled === undefined) return <LoadingScreen />;
  if (!landingEnabled) return <MobilePreview />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <LandingPage />
    </Suspense>
  );
}
