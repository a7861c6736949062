/**
 * Whether desktop visitors at the root get the landing page (membership §2), from the server's
 * LANDING_ENABLED as GET /api/config carries it (ClientConfig.landingEnabled). The cached config
 * answers at once; a first visit with nothing cached asks the server, and falls back to the landing
 * page (the spec's default) when the server cannot be reached.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';

import { pullClientConfig } from '@/data/client-config';
import { db, META } from '@/data/db';
import { clientConfigSchema } from '@/domain/realtime';

/** true / false once known; undefined while the first config is being fetched. */
export function useLandingEnabled(): boolean | undefined {
  const cached = useLiveQuery(async () => {
    const parsed = clientConfigSchema.safeParse((await db.meta.get(META.clientConfig))?.value);
    return parsed.success ? (parsed.data.landingEnabled ?? true) : null;
  });
  const [unreachable, setUnreachable] = useState(false);

  useEffect(() => {
    if (cached !== null) return;
    let active = true;
    pullClientConfig(db).catch(() => {
      if (active) setUnreachable(true);
    });
    return () => {
      active = false;
    };
  }, [cached]);

  if (cached === undefined) return undefined;
  if (cached === null) return unreachable ? true : undefined;
  return cached;
}
