/**
 * The pages at the root (/, /tracker, …): mobile visitors get them in the phone frame; desktop
 * visitors get `desktop` instead (src/app/desktop-root.tsx: the landing page, or a 'Mobile Preview'
 * of the frame), whose code is loaded only for them (src/app/router.tsx).
 */
import type { ReactNode } from 'react';

import { LoadingScreen } from '@/app/loading-screen';
import { MobileFrame } from '@/app/mobile-frame';
import { useDevice } from '@/app/use-device';

export function RootLayout({ desktop }: { desktop: ReactNode }) {
  const device = useDevice();
  if (device === 'detecting') return <LoadingScreen />;
  if (device === 'mobile') return <MobileFrame basePath="" />;
  return desktop;
}
