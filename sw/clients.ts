/**
 * Talking to the pages this worker serves.
 */
declare const self: ServiceWorkerGlobalScope;

/** Every open Deckhand window, including ones this worker does not control yet (first visit). */
export function windowClients(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

export async function postToAllWindows(message: unknown): Promise<void> {
  for (const client of await windowClients()) client.postMessage(message);
}
