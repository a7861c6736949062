/**
 * Lane geometry of every terminal: the entrance, the ticket booth and the vehicle lanes as
 * polylines, front (booth end) first. Horseshoe Bay is laid out by hand: ten lanes between the berths
 * in the south-west and the entrance off Keith Road in the north-east, bending north towards the
 * entrance (five for Departure Bay, three for Langdale, two shorter ones for Snug Cove). The other
 * terminals get a regular block of straight lanes running from the booth back towards their entrance.
 * Coordinates are plausible, not surveyed.
 */
import { fromLocalMeters, type LatLng } from '@/domain/lane-geometry';
import { terminalById } from '@/domain/terminals';

import type { Db } from './db-handle';
import { terminalLanes, terminalLayouts } from './schema';

type LaneRow = typeof terminalLanes.$inferInsert;
type LayoutRow = typeof terminalLayouts.$inferInsert;

const lane =
  (terminalId: string) =>
  (routeId: string, laneNumber: number, points: LatLng[]): LaneRow => ({
    id: `${terminalId}:${routeId}:${laneNumber}`,
    terminalId,
    routeId,
    laneNumber,
    points,
  });

const hsb = lane('horseshoe-bay');

export const HORSESHOE_BAY_LANES: LaneRow[] = [
  hsb('hsb-nan', 1, [
    { lat: 49.372373, lng: -123.274877 },
    { lat: 49.373544, lng: -123.273367 },
    { lat: 49.374369, lng: -123.273028 },
  ]),
  hsb('hsb-nan', 2, [
    { lat: 49.372347, lng: -123.274829 },
    { lat: 49.373518, lng: -123.27332 },
    { lat: 49.374343, lng: -123.27298 },
  ]),
  hsb('hsb-nan', 3, [
    { lat: 49.372321, lng: -123.274781 },
    { lat: 49.373492, lng: -123.273272 },
    { lat: 49.374317, lng: -123.272933 },
  ]),
  hsb('hsb-nan', 4, [
    { lat: 49.372295, lng: -123.274734 },
    { lat: 49.373466, lng: -123.273225 },
    { lat: 49.374291, lng: -123.272885 },
  ]),
  hsb('hsb-nan', 5, [
    { lat: 49.372269, lng: -123.274686 },
    { lat: 49.37344, lng: -123.273177 },
    { lat: 49.374265, lng: -123.272837 },
  ]),
  hsb('hsb-lng', 1, [
    { lat: 49.372243, lng: -123.274639 },
    { lat: 49.373414, lng: -123.273129 },
    { lat: 49.374239, lng: -123.27279 },
  ]),
  hsb('hsb-lng', 2, [
    { lat: 49.372217, lng: -123.274591 },
    { lat: 49.373388, lng: -123.273082 },
    { lat: 49.374213, lng: -123.272742 },
  ]),
  hsb('hsb-lng', 3, [
    { lat: 49.372191, lng: -123.274543 },
    { lat: 49.373362, lng: -123.273034 },
    { lat: 49.374187, lng: -123.272694 },
  ]),
  hsb('hsb-snug', 1, [
    { lat: 49.372165, lng: -123.274496 },
    { lat: 49.372991, lng: -123.27343 },
    { lat: 49.373339, lng: -123.273287 },
  ]),
  hsb('hsb-snug', 2, [
    { lat: 49.372139, lng: -123.274448 },
    { lat: 49.372965, lng: -123.273383 },
    { lat: 49.373313, lng: -123.27324 },
  ]),
];

/** Lane block parameters for the terminals laid out by rule. */
interface Block {
  terminalId: string;
  /** Compass bearing from the booth towards the entrance, degrees. */
  bearing: number;
  /** Metres from the booth to the entrance. */
  depth: number;
  routes: ReadonlyArray<readonly [routeId: string, lanes: number]>;
}

const LANE_WIDTH_M = 4.5;
const LANE_LENGTH_M = 240;

const BLOCKS: readonly Block[] = [
  {
    terminalId: 'tsawwassen',
    bearing: 20,
    depth: 320,
    routes: [
      ['tsa-swb', 6],
      ['tsa-duk', 3],
    ],
  },
  { terminalId: 'swartz-bay', bearing: 250, depth: 300, routes: [['tsa-swb', 6]] },
  { terminalId: 'departure-bay', bearing: 290, depth: 280, routes: [['hsb-nan', 5]] },
  { terminalId: 'duke-point', bearing: 220, depth: 300, routes: [['tsa-duk', 4]] },
  { terminalId: 'langdale', bearing: 330, depth: 260, routes: [['hsb-lng', 4]] },
  { terminalId: 'snug-cove', bearing: 300, depth: 200, routes: [['hsb-snug', 2]] },
];

function blockLayout(block: Block): { layout: LayoutRow; lanes: LaneRow[] } {
  const terminal = terminalById(block.terminalId);
  if (!terminal) throw new Error(`No terminal ${block.terminalId}`);
  const entrance = { lat: terminal.lat, lng: terminal.lng };
  const rad = (block.bearing * Math.PI) / 180;
  const toEntrance = { x: Math.sin(rad), y: Math.cos(rad) };
  const right = { x: toEntrance.y, y: -toEntrance.x };
  // The booth lies `depth` metres from the entrance, against the bearing.
  const booth = fromLocalMeters(entrance, { x: -toEntrance.x * block.depth, y: -toEntrance.y * block.depth });
  const make = lane(block.terminalId);
  const lanes: LaneRow[] = [];
  let k = 0;
  for (const [routeId, count] of block.routes) {
    for (let n = 1; n <= count; n += 1, k += 1) {
      const offset = 8 + k * LANE_WIDTH_M;
      const at = (along: number) =>
        fromLocalMeters(booth, {
          x: right.x * offset + toEntrance.x * along,
          y: right.y * offset + toEntrance.y * along,
        });
      lanes.push(make(routeId, n, [at(10), at(10 + LANE_LENGTH_M / 2), at(10 + LANE_LENGTH_M)]));
    }
  }
  return {
    layout: { terminalId: block.terminalId, entrance, booth: round(booth) },
    lanes: lanes.map((l) => ({ ...l, points: (l.points as LatLng[]).map(round) })),
  };
}

function round(p: LatLng): LatLng {
  return { lat: Math.round(p.lat * 1e6) / 1e6, lng: Math.round(p.lng * 1e6) / 1e6 };
}

const generated = BLOCKS.map(blockLayout);

export const TERMINAL_LAYOUT_ROWS: LayoutRow[] = [
  {
    terminalId: 'horseshoe-bay',
    entrance: { lat: 49.3742, lng: -123.2728 },
    booth: { lat: 49.37235, lng: -123.27505 },
  },
  ...generated.map((g) => g.layout),
];

export const TERMINAL_LANE_ROWS: LaneRow[] = [...HORSESHOE_BAY_LANES, ...generated.flatMap((g) => g.lanes)];

export async function seedLanes(db: Db): Promise<void> {
  await db.insert(terminalLayouts).values(TERMINAL_LAYOUT_ROWS).onConflictDoNothing();
  await db.insert(terminalLanes).values(TERMINAL_LANE_ROWS).onConflictDoNothing();
}
