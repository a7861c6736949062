/**
 * How far each outbox upload has got (0-1), keyed by outbox row id, for the page that shows queued
 * photos on a slow link. In-memory only: the worker's uploads report nothing, and a reload starts
 * with no figures (the row still says "waiting to send"). No React here: the flusher imports it in
 * the service worker too; pages read it with useSyncExternalStore.
 */
const progress = new Map<string, number>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, number> = new Map();

/** null removes the row's figure (sent, failed or given up for now). */
export function reportUploadProgress(outboxId: string, fraction: number | null): void {
  if (fraction === null) {
    if (!progress.delete(outboxId)) return;
  } else {
    progress.set(outboxId, Math.max(0, Math.min(1, fraction)));
  }
  snapshot = new Map(progress);
  for (const listener of listeners) listener();
}

export function subscribeUploadProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function uploadProgressSnapshot(): ReadonlyMap<string, number> {
  return snapshot;
}
