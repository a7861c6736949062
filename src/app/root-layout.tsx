/**
 * The pages at the root (/, /tracker, …): mobile visitors get them in the phone frame; desktop
 * visitors see the landing page instead (membership §2). The landing page is loaded only when needed.
 */
import { lazy, Suspense } from 'react';
import { useDevice } from '@/app/use-device';
import { MobileFrame } from '@/app/mobile-frame';
import { LoadingScreen } from '@/app/loading-screen';

const LandingPage = lazy(() => import('@/features/landing/landing-page').then((m) => ({ default: m.LandingPage })));

export function RootLayout() {
  const device = useDevice();
  if (device === 'detecting') return <LoadingScreen />;
  if (device === 'mobile') return <MobileFrame basePath="" />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <LandingPage />
    </Suspense>
  );
}
