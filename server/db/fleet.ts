/**
 * The simulated fleet: real vessel names on the spec's routes with their published passenger and
 * vehicle capacities and service speeds. The feed simulator sails them; the seed stores them.
 */
export interface Vessel {
  id: string;
  name: string;
  routeId: string;
  passengerCapacity: number;
  vehicleCapacity: number;
  serviceSpeedKnots: number;
  /** Photo shown on the tracker card (served from /ferries/ in public/ when present). */
  photo: string;
}

export const FLEET: readonly Vessel[] = [
  {
    id: 'queen-of-oak-bay',
    name: 'Queen of Oak Bay',
    routeId: 'hsb-nan',
    passengerCapacity: 1494,
    vehicleCapacity: 321,
    serviceSpeedKnots: 20,
    photo: 'queen-of-oak-bay',
  },
  {
    id: 'queen-of-cowichan',
    name: 'Queen of Cowichan',
    routeId: 'hsb-nan',
    passengerCapacity: 1494,
    vehicleCapacity: 316,
    serviceSpeedKnots: 20,
    photo: 'queen-of-cowichan',
  },
  {
    id: 'spirit-of-british-columbia',
    name: 'Spirit of British Columbia',
    routeId: 'tsa-swb',
    passengerCapacity: 2100,
    vehicleCapacity: 358,
    serviceSpeedKnots: 19.5,
    photo: 'spirit-of-british-columbia',
  },
  {
    id: 'spirit-of-vancouver-island',
    name: 'Spirit of Vancouver Island',
    routeId: 'tsa-swb',
    passengerCapacity: 2100,
    vehicleCapacity: 358,
    serviceSpeedKnots: 19.5,
    photo: 'spirit-of-vancouver-island',
  },
  {
    id: 'coastal-celebration',
    name: 'Coastal Celebration',
    routeId: 'tsa-swb',
    passengerCapacity: 1604,
    vehicleCapacity: 310,
    serviceSpeedKnots: 21,
    photo: 'coastal-celebration',
  },
  {
    id: 'coastal-inspiration',
    name: 'Coastal Inspiration',
    routeId: 'tsa-duk',
    passengerCapacity: 1604,
    vehicleCapacity: 310,
    serviceSpeedKnots: 21,
    photo: 'coastal-inspiration',
  },
  {
    id: 'queen-of-coquitlam',
    name: 'Queen of Coquitlam',
    routeId: 'hsb-lng',
    passengerCapacity: 1494,
    vehicleCapacity: 316,
    serviceSpeedKnots: 20,
    photo: 'queen-of-coquitlam',
  },
  {
    id: 'queen-of-capilano',
    name: 'Queen of Capilano',
    routeId: 'hsb-snug',
    passengerCapacity: 457,
    vehicleCapacity: 100,
    serviceSpeedKnots: 14,
    photo: 'queen-of-capilano',
  },
];
