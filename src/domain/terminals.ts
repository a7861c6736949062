/**
 * Terminals and routes named in the spec (rider-core §1, §9; membership §3). Ids are stable slugs used
 * by the database seed, the feed simulator, the realtime nodes (queue_data/{terminalId}) and the client.
 */

export interface Terminal {
  id: string;
  name: string;
  /** Entrance coordinates (deep links, GPS fallback). */
  lat: number;
  lng: number;
  /** Prefix of this terminal's camera ids (rider-core §3), when it has cameras. */
  cameraPrefix?: string;
  /** The land it stands on: no road reaches a terminal on another one (a ferry is needed). */
  landmass: Landmass;
}

export type Landmass = 'mainland' | 'vancouver-island' | 'sunshine-coast' | 'bowen-island';

export const TERMINALS: readonly Terminal[] = [
  {
    id: 'horseshoe-bay',
    name: 'Horseshoe Bay',
    lat: 49.3742,
    lng: -123.2728,
    cameraPrefix: 'hsb_',
    landmass: 'mainland',
  },
  { id: 'tsawwassen', name: 'Tsawwassen', lat: 49.0069, lng: -123.1306, cameraPrefix: 'tsa_', landmass: 'mainland' },
  {
    id: 'swartz-bay',
    name: 'Swartz Bay',
    lat: 48.6887,
    lng: -123.4106,
    cameraPrefix: 'swb_',
    landmass: 'vancouver-island',
  },
  {
    id: 'departure-bay',
    name: 'Nanaimo Departure Bay',
    lat: 49.1937,
    lng: -123.9545,
    cameraPrefix: 'nan_',
    landmass: 'vancouver-island',
  },
  {
    id: 'duke-point',
    name: 'Nanaimo Duke Point',
    lat: 49.1631,
    lng: -123.8917,
    cameraPrefix: 'duk_',
    landmass: 'vancouver-island',
  },
  { id: 'langdale', name: 'Langdale', lat: 49.4345, lng: -123.4715, landmass: 'sunshine-coast' },
  { id: 'snug-cove', name: 'Snug Cove', lat: 49.3793, lng: -123.3276, landmass: 'bowen-island' },
];

/** The five terminals riders queue at with cameras (rider-core "Contribute" selector order). */
export const QUEUE_TERMINAL_IDS = ['horseshoe-bay', 'tsawwassen', 'swartz-bay', 'departure-bay', 'duke-point'] as const;

/** The default terminal everywhere a terminal must be assumed (rider-core §5, §8). */
export const DEFAULT_TERMINAL_ID = 'horseshoe-bay';

export function terminalById(id: string): Terminal | undefined {
  return TERMINALS.find((t) => t.id === id);
}

export interface FerryRoute {
  id: string;
  from: string;
  to: string;
  /** Display name, e.g. "Horseshoe Bay - Departure Bay". */
  name: string;
  /** Crossing time, minutes. */
  crossingMinutes: number;
}

/** Routes the simulator sails and the fare table prices (rider-core §9, membership §3). */
export const ROUTES: readonly FerryRoute[] = [
  {
    id: 'hsb-nan',
    from: 'horseshoe-bay',
    to: 'departure-bay',
    name: 'Horseshoe Bay - Departure Bay',
    crossingMinutes: 100,
  },
  { id: 'tsa-swb', from: 'tsawwassen', to: 'swartz-bay', name: 'Tsawwassen - Swartz Bay', crossingMinutes: 95 },
  { id: 'tsa-duk', from: 'tsawwassen', to: 'duke-point', name: 'Tsawwassen - Duke Point', crossingMinutes: 120 },
  { id: 'hsb-lng', from: 'horseshoe-bay', to: 'langdale', name: 'Horseshoe Bay - Langdale', crossingMinutes: 40 },
  { id: 'hsb-snug', from: 'horseshoe-bay', to: 'snug-cove', name: 'Horseshoe Bay - Snug Cove', crossingMinutes: 20 },
];

export function routeById(id: string): FerryRoute | undefined {
  return ROUTES.find((r) => r.id === id);
}

/** The route as a rider reads it, in the direction of travel: "Departure Bay - Horseshoe Bay". */
export function directedRouteName(route: FerryRoute, fromTerminalId: string): string {
  if (fromTerminalId !== route.to) return route.name;
  const [first, second] = route.name.split(' - ');
  return second && first ? `${second} - ${first}` : route.name;
}
