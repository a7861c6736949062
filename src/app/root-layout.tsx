/**
 * The pages at the root (/, /tracker, …): mobile visitors get them in the phone frame; desktop
 * visitors see the landing page instead, or a 'Mobile Preview' of the frame when the server has the
 * landing page disabled (membership §2). The landing page is loaded only when needed.
 */
import { lazy, Suspense } from 'react';
import { useDevice } from '@/app/use-device';
import { MobileFrame } from '@/app/mobile-frame';
import { LoadingScreen } from '@/app/loading-screen';
import { MobilePreview } from '@/app/mobile-preview';
import { useLandingEnabled } from '@/app/use-landing-enabled';

const LandingPage = lazy(() => import('@/features/landing/landing-page').then((m) => ({ default: m.LandingPage })));

export function RootLayout() {
  const device = useDevice();
  const landingEnabled = useLandingEnabled();
  if (device === 'detecting') return <LoadingScreen />;
  if (device === 'mobile') return <MobileFrame basePath="" />;
  if (landingEnabled === undefined) return <LoadingScreen />;
  if (!landingEnabled) return <MobilePreview />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <LandingPage />
    </Suspense>
  );
}
