/**
 * The rider's sync engine (session, pulls, realtime, outbox flush), started once per page load. The
 * engine and what it moves (each resource's pull, its contract and answer schema) load in a chunk of
 * their own, so the script that renders the first screen does not carry them.
 *
 * The entry starts it right after the first render on every page that shows the rider's data. The
 * landing page (at /landing, and at the root for desktop visitors) is a brochure that keeps no
 * channel open, so there the phone frame starts it instead, when a visitor goes on into the app.
 */
let started = false;

export function startRiderSync(): void {
  if (started) return;
  started = true;
  Promise.all([import('@/sync/start'), import('@/data/sync-plan')])
    .then(([{ startSync }, { RIDER_SYNC }]) => startSync(RIDER_SYNC))
    .catch((error: unknown) => {
      // Its code could not be fetched (offline before the service worker has it): the next page
      // that needs it tries again.
      started = false;
      console.warn('The sync engine could not be loaded', error);
    });
}
