/**
 * Each vessel's AIS identity (MMSI), the only thing an AIS position is matched by
 * (server/feed/sources/ais-source.ts). No official registry can be consulted from here; each MMSI
 * below is checked against the public lists the search tools find, named beside it:
 *   [A] roblittle/aisstreamJS, README: a line its aisstream client recorded from the live stream,
 *       `316001251|QUEEN OF COWICHAN|-123.9545|49.1995|194|13|20230808152103` (the vessel's own
 *       transmitter naming itself, at Departure Bay);
 *   [B] an open-source BC Ferries AIS tracker's `VESSEL_MMSI` table (Python);
 *   [C] a published analysis of a week of US coastal AIS, MMSI beside the VesselName each transmitted
 *       (Coastal Inspiration, Queen of Alberni, Queen of Cowichan, Queen of Oak Bay);
 *   [D] an aisstream relay's `BCF_MMSIS` "verified current fleet May 2026" (Node; two copies).
 * A vessel has an MMSI here when at least two of them agree. Queen of Cowichan: [A][B][C] give
 * 316001251, the number seen transmitting with her name; only [D] gives 316001248, which no
 * transmission and no other list shows. A vessel named by one list only has no MMSI (the value is
 * noted): it gets no position, and the Live Tracker says so in words (`noPositionText`).
 */

/** MMSIs by vessel id (the fleet table's ids), with the lists above that give each. */
export const VESSEL_MMSI: Readonly<Record<string, number>> = {
  'spirit-of-british-columbia': 316001268, // [B][D]
  'spirit-of-vancouver-island': 316001269, // [B][D]
  'coastal-celebration': 316011409, // [B][D]
  'coastal-inspiration': 316011408, // [B][C][D]
  'coastal-renaissance': 316011407, // [B][D]
  'queen-of-alberni': 316001245, // [B][C][D]
  'queen-of-coquitlam': 316001249, // [B][D]
  'queen-of-cowichan': 316001251, // [A][B][C]; [D] says 316001248 (see above)
  'queen-of-new-westminster': 316001255, // [B][D]
  'queen-of-oak-bay': 316001257, // [B][C][D]
  'queen-of-surrey': 316001262, // [B][D]
  'queen-of-capilano': 316001247, // [B][D]
  'queen-of-cumberland': 316001252, // [B][D]
  'salish-orca': 316030627, // [B][D]
  'salish-eagle': 316030626, // [B][D]
  'salish-raven': 316030628, // [B][D]
  'salish-heron': 316047943, // [B][D]
  'skeena-queen': 316001267, // [B][D]
  // No MMSI, one list each: mayne-queen 316001238 [B], bowen-queen 316001232 [B], island-discovery
  // 316039864 [D]. They sail Gulf Islands routes Deckhand skips; the Bowen Queen may relieve on
  // Horseshoe Bay - Snug Cove, and the tracker then says it has no AIS identity for her.
};

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The MMSI of the vessel a source names ("Queen of Cowichan", or its id), when Deckhand has one. */
export function vesselMmsi(nameOrId: string): number | undefined {
  return VESSEL_MMSI[slug(nameOrId)];
}

/** The tracker's words where a vessel has no position: why there is none. */
export function noPositionText(vesselName: string): string {
  return vesselMmsi(vesselName) === undefined
    ? `No position: Deckhand has no AIS identity (MMSI) for ${vesselName}`
    : 'No position reported yet';
}
