/**
 * Vehicles waiting in the lanes at one terminal, live from the realtime database node
 * queue_data/{terminalId}. Firebase is loaded on demand (dynamic import) so it stays out of the
 * initial bundle. The figure comes from the server's simulator, so the UI must label it "estimated"
 * (DESIGN.md "Honest data"). Returns null until a value has arrived for this terminal.
 */
import { useEffect, useState } from 'react';
import type { ClientRealtimeConfig, QueueDataValue } from '@/domain/realtime';

interface Received {
  key: string;
  value: QueueDataValue | null;
}

export function useQueueEstimate(config: ClientRealtimeConfig | undefined, terminalId: string | undefined): QueueDataValue | null {
  const [received, setReceived] = useState<Received | null>(null);
  // Config objects are re-created on every pull: subscribe again only when its content changes.
  const configKey = config ? JSON.stringify(config) : '';
  const key = `${configKey}|${terminalId ?? ''}`;

  useEffect(() => {
    if (!configKey || !terminalId) return;
    const realtime = JSON.parse(configKey) as ClientRealtimeConfig;
    const subscriptionKey = `${configKey}|${terminalId}`;
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    import('@/lib/firebase')
      .then(({ subscribeQueueData }) =>
        subscribeQueueData(
          realtime,
          terminalId,
          (value) => {
            if (!cancelled) setReceived({ key: subscriptionKey, value });
          },
          (error) => console.warn('Queue estimate unavailable', error),
        ),
      )
      .then((stop) => {
        if (cancelled) stop();
        else unsubscribe = stop;
      })
      .catch((error: unknown) => console.warn('Queue estimate unavailable', error));
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [configKey, terminalId]);

  return received && received.key === key ? received.value : null;
}
