/**
 * The pages at the root (/, /tracker, …): mobile visitors get them in the phone frame (`mobile`, whose
 * code loads before its first render on a phone: src/app/router.tsx); desktop
 * visitors get `desktop` instead (src/app/desktop-root.tsx: the landing page, or a 'Mobile Preview'
 * of the frame), whose code is loaded only for them (src/app/router.tsx).
 */
import type { ReactNode } from 'react';

import { LoadingScreen } from '@/app/loading-screen';
import { useDevice } from '@/app/use-device';

export function RootLayout({ desktop, mobile }: { desktop: ReactNode; mobile: ReactNode }) {
  const device = useDevice();
  if (device === 'detecting') return <LoadingScreen />;
  if (device === 'mobile') return mobile;
  return desktop;
}
