/**
 * The shared realtime node user_positions/{userId} (rider-core §3): userId, positionInQueue,
 * timestamp, verified, terminalId. Written by the server only, and only while the rider's
 * data-sharing toggle is on; turning it off removes the node.
 */
import type { QueuePosition } from '@/domain/queue-position';
import { REALTIME_PATHS } from '@/domain/realtime';

/** A multi-path update of the realtime database (null deletes). Provided by the Firebase bridge. */
export type RealtimeWriter = (values: Record<string, unknown>) => Promise<void>;

export interface UserPositionValue {
  userId: string;
  positionInQueue: number;
  timestamp: number;
  verified: boolean;
  terminalId: string;
}

export function userPositionUpdate(
  userId: number,
  position: QueuePosition | null,
  shareData: boolean,
): Record<string, UserPositionValue | null> {
  const path = REALTIME_PATHS.userPosition(String(userId));
  if (!position || !shareData) return { [path]: null };
  return {
    [path]: {
      userId: String(userId),
      positionInQueue: position.positionInQueue,
      timestamp: Date.parse(position.lastUpdated),
      verified: position.verified ?? false,
      terminalId: position.terminalId ?? '',
    },
  };
}
