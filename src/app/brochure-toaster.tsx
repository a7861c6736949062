/**
 * The app's toast area on a page that has no app (/landing: src/landing-main.ts), mounted once, on
 * the first toast it raises: the same Toaster, placed and timed as in the app (./providers.tsx).
 */
import { createRoot } from 'react-dom/client';

import { Providers } from '@/app/providers';

let mounted = false;

export function mountBrochureToaster(): void {
  if (mounted) return;
  mounted = true;
  const area = document.createElement('div');
  document.body.append(area);
  createRoot(area).render(<Providers>{null}</Providers>);
}
