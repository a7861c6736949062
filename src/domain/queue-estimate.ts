/**
 * From a lane placement and the cameras' count to the rider's queue position, confidence and
 * estimated boarding time (rider-core §2, §3, §9).
 *
 * - Position: the geometry gives the car lengths of lane ahead of the rider (`slot`, counted along the
 *   route's fill order). The cameras say how many cars wait for that route. Cars fill from the front,
 *   so the cars really ahead are min(slot, count): a rider standing behind the last counted car has
 *   exactly `count` cars ahead, never the empty lane space. Position = cars ahead + 1.
 * - Confidence (0-1): the count's own confidence (camera 0.85, rider report 0.7, timetable model 0.6)
 *   raised by up to CONFIDENCE_AGREEMENT_BONUS when the GPS fix is sharp and the rider stands where
 *   the counted cars are, and lowered by up to DISAGREEMENT_PENALTY (a share of it) when the rider
 *   stands far behind the last counted car. A photo-verified position is PHOTO_VERIFIED_CONFIDENCE
 *   ("99% accuracy").
 * - Boarding: the rider fits on the first sailing whose remaining vehicle space, added up over the
 *   sailings in departure order, reaches their position; cars board over the BOARDING_WINDOW_MIN
 *   before departure, front first, so the rider's share of that sailing's load places them in it.
 */

/** rider-core §9: queue accuracy bands. */
export const ACCURACY_HIGH = 0.95;
export const ACCURACY_GOOD = 0.85;
/** rider-core §2: "A verified position claims 99% accuracy". */
export const PHOTO_VERIFIED_CONFIDENCE = 0.99;
/** rider-core §9: camera image confidence assumed 0.85; user report 0.7. */
export const CAMERA_CONFIDENCE = 0.85;
export const USER_REPORT_CONFIDENCE = 0.7;
/** With no count at all the position is geometry alone. */
export const GPS_ONLY_CONFIDENCE = 0.5;
/** How much a sharp GPS fix that agrees with the cameras adds to the count's confidence. */
export const CONFIDENCE_AGREEMENT_BONUS = 0.1;
/** Share of the count's confidence lost when the geometry and the cameras disagree completely. */
export const DISAGREEMENT_PENALTY = 0.2;
/** GPS accuracy (metres) at or under which a fix is sharp, and at or over which it adds nothing. */
export const GPS_SHARP_M = 5;
export const GPS_VAGUE_M = 50;
/** Cars board over this long before departure (same as the feed simulator). */
export const BOARDING_WINDOW_MIN = 40;

/** When cars start boarding a sailing: the feed's boardingStartTime, else BOARDING_WINDOW_MIN before departure. */
export function boardingStartOf(sailing: { departureTime: string; boardingStartTime?: string }): number {
  const start = Date.parse(sailing.boardingStartTime ?? '');
  return Number.isNaN(start) ? Date.parse(sailing.departureTime) - BOARDING_WINDOW_MIN * 60_000 : start;
}

/** rider-core §9: queue refresh 15 s; verification refetch delay 1 s. */
export const QUEUE_REFRESH_MS = 15_000;
export const VERIFICATION_REFETCH_MS = 1_000;

export type AccuracyLabel = 'High' | 'Good' | 'Low';

/** rider-core §9: 0.95 and above High, 0.85 and above Good, else Low. */
export function accuracyLabel(confidence: number): AccuracyLabel {
  if (confidence >= ACCURACY_HIGH) return 'High';
  if (confidence >= ACCURACY_GOOD) return 'Good';
  return 'Low';
}

/** Cars really ahead: the geometry's car lengths, capped by the cars the cameras count. */
export function correctedCarsAhead(carsAheadByGeometry: number, countedCars: number | null): number {
  const geometric = Math.max(0, Math.floor(carsAheadByGeometry));
  if (countedCars === null) return geometric;
  return Math.min(geometric, Math.max(0, Math.floor(countedCars)));
}

/** 1 for a sharp fix, 0 for a vague one, linear between; unknown accuracy counts half. */
export function gpsQuality(accuracyMeters: number | undefined): number {
  if (accuracyMeters === undefined || !Number.isFinite(accuracyMeters)) return 0.5;
  if (accuracyMeters <= GPS_SHARP_M) return 1;
  if (accuracyMeters >= GPS_VAGUE_M) return 0;
  return (GPS_VAGUE_M - accuracyMeters) / (GPS_VAGUE_M - GPS_SHARP_M);
}

/**
 * 1 when the rider stands within the counted cars (the geometry and the cameras agree), falling to 0
 * as the empty lane space between the last counted car and the rider grows to a quarter of the count
 * (at least 10 car lengths).
 */
export function cameraAgreement(carsAheadByGeometry: number, countedCars: number): number {
  const gap = carsAheadByGeometry - countedCars;
  if (gap <= 0) return 1;
  return Math.max(0, 1 - gap / Math.max(10, countedCars / 4));
}

export interface ConfidenceInput {
  carsAheadByGeometry: number;
  /** The count for the rider's route, or null without one. */
  countedCars: number | null;
  /** Confidence of that count (0-1). */
  countConfidence: number;
  gpsAccuracyMeters?: number;
  verified?: boolean;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function positionConfidence(input: ConfidenceInput): number {
  if (input.verified) return PHOTO_VERIFIED_CONFIDENCE;
  const quality = gpsQuality(input.gpsAccuracyMeters);
  if (input.countedCars === null) return round2(GPS_ONLY_CONFIDENCE * (0.6 + 0.4 * quality));
  const agreement = cameraAgreement(input.carsAheadByGeometry, input.countedCars);
  const base = input.countConfidence * (1 - DISAGREEMENT_PENALTY * (1 - agreement));
  return round2(Math.min(ACCURACY_HIGH, base + CONFIDENCE_AGREEMENT_BONUS * agreement * quality));
}

/** basedOn (rider-core §3: text with underscores). */
export function positionBasis(source: { counted: boolean; countSource?: string; verified?: boolean }): string {
  if (source.verified) return 'gps_cameras_and_photo';
  if (!source.counted) return 'gps_only';
  if (source.countSource === 'camera') return 'gps_and_cameras';
  if (source.countSource === 'user_report') return 'gps_and_rider_reports';
  return 'gps_and_timetable_model';
}

/** rider-core §3 basedOn shown to a person: "gps_and_cameras" → "GPS and cameras". */
export function describeBasis(basedOn: string): string {
  const words = basedOn.split('_').filter(Boolean);
  const text = words.map((w) => (w === 'gps' ? 'GPS' : w)).join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Unknown';
}

export interface UpcomingSailing {
  ferryId: string;
  /** ISO departure time. */
  departureTime: string;
  /** Vehicle spaces still free on this sailing. */
  spaces: number;
}

export interface BoardingEstimate {
  ferryId: string;
  departureTime: string;
  /** ISO time the rider's car is expected to roll on. */
  boardingTime: string;
  /** How many sailings leave before the rider's (0 = the first). */
  sailingsToWait: number;
}

/**
 * The sailing the car at `position` (1 = front) fits on, and when it boards. Null when the listed
 * sailings cannot take it (the caller says so rather than guessing).
 */
export function estimateBoarding(
  position: number,
  sailings: readonly UpcomingSailing[],
  now: number,
): BoardingEstimate | null {
  const ordered = [...sailings].sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime));
  let before = 0;
  for (let i = 0; i < ordered.length; i += 1) {
    const sailing = ordered[i]!;
    const spaces = Math.max(0, Math.floor(sailing.spaces));
    if (position <= before + spaces && spaces > 0) {
      const departs = Date.parse(sailing.departureTime);
      const share = (position - before) / spaces;
      const windowStart = departs - BOARDING_WINDOW_MIN * 60_000;
      const boards = Math.max(now, windowStart + share * BOARDING_WINDOW_MIN * 60_000);
      return {
        ferryId: sailing.ferryId,
        departureTime: sailing.departureTime,
        boardingTime: new Date(Math.min(boards, departs)).toISOString(),
        sailingsToWait: i,
      };
    }
    before += spaces;
  }
  return null;
}
