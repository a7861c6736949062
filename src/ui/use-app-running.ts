/**
 * Whether the app's code is running this render: false in the HTML the build or the server renders
 * (src/app/prerender.tsx), true once the app has rendered over it in the browser. A control whose
 * change only the app can keep (a select that writes to the device) is shown disabled in the HTML,
 * so nothing a rider picks before the scripts arrive is silently dropped when the app replaces it.
 */
import { useSyncExternalStore } from 'react';

import { noSubscription } from '@/lib/no-subscription';

export function useAppRunning(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
