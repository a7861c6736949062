/**
 * Away mode ("Explore Safely", rider-core §2, §3, §4, §5, §9): amenities, away sessions, and the
 * countdown and risk level the overlay shows. Shared by the client and the server's route schemas.
 *
 * Invariants: the countdown is whole minutes to (estimated boarding − alert threshold), never below 0;
 * the alert time is that same instant, so the local countdown and the server's push agree.
 *
 * One rule (awayStatus) gives the Explore Safely card's verdict ("Safe to Step Away" or not) and the
 * overlay's countdown and risk, so the card can never say "safe" while the overlay says "Risk High".
 * The countdown always follows the rider's sailing (./rider-route.ts riderSailingNow): a session's estimated boarding is
 * that sailing's boarding start (when the lanes begin to move), never "now + 30 min"; with no sailing
 * known away mode cannot time the return, and says so instead of starting.
 */
// zod/mini keeps the client's first-render bundle small; the schemas work the same on the server.
import { z } from 'zod/mini';

import type { Provenance } from './sailing';
import { instantSchema } from './value-ranges';

/** rider-core §3 Amenity: coffee, food and restroom have icons; any other type shows the restroom icon. */
export const amenitySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  terminalId: z.optional(z.string()),
  /** What riders last reported (open, closed, busy) within AMENITY_STATUS_FRESH_MS; null when nobody did. */
  riderStatus: z.optional(z.nullable(z.string())),
});
export type Amenity = z.infer<typeof amenitySchema>;
export type AmenityIcon = 'coffee' | 'food' | 'restroom';
export function amenityIcon(type: string): AmenityIcon {
  return type === 'coffee' || type === 'food' ? type : 'restroom';
}

/** rider-core §2: at most 4 quick-away buttons. */
export const MAX_QUICK_AWAY_BUTTONS = 4;
/**
 * rider-core §9: away defaults when started from the card. The spec's "estimated boarding 30 minutes
 * from now" is not used: the boarding time is the rider's sailing's boarding start (./rider-route.ts).
 */
export const AWAY_DEFAULT_QUEUE_POSITION = 26;
export const AWAY_DEFAULT_ALERT_THRESHOLD_MINUTES = 5;
/** rider-core §4, §9: risk thresholds in minutes. */
export const AWAY_RISK_HIGH_MINUTES = 2;
export const AWAY_RISK_MEDIUM_MINUTES = 5;
/** rider-core §9: active-session poll 5 s; countdown tick 1 s. */
export const AWAY_SESSION_POLL_MS = 5_000;
export const AWAY_COUNTDOWN_TICK_MS = 1_000;
/** Upper bounds that keep a session plausible (server validation; the spec shows none). */
export const AWAY_MAX_THRESHOLD_MINUTES = 120;
export const AWAY_MAX_BOARDING_AHEAD_MS = 24 * 60 * 60_000;
/** A boarding time further in the past than this is refused (a stale or mistyped session). */
export const AWAY_MAX_BOARDING_PAST_MS = 6 * 60 * 60_000;

/**
 * POST /api/away-sessions body (rider-core §7). `id` is a client-made UUID so a session started
 * offline can be exited offline too: the queued DELETE names the same id. userId is never accepted.
 */
export const awaySessionInputSchema = z.object({
  id: z.optional(z.uuid()),
  ferryId: z.string().check(z.minLength(1), z.maxLength(100)),
  queuePosition: z.int().check(z.positive(), z.maximum(10_000)),
  estimatedBoardingTime: instantSchema,
  alertThresholdMinutes: z.optional(z.int().check(z.nonnegative(), z.maximum(AWAY_MAX_THRESHOLD_MINUTES))),
  currentLocation: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  /** Away mode's alarm (./away-alarm.ts): the return alert repeats until acknowledged. Off when missing. */
  repeatUntilAcknowledged: z.optional(z.boolean()),
});
export type AwaySessionInput = z.infer<typeof awaySessionInputSchema>;

/** The server's answer for a session (GET /api/away-sessions/active answers this or null). */
export const awaySessionSchema = z.object({
  id: z.string(),
  ferryId: z.string(),
  queuePosition: z.int(),
  estimatedBoardingTime: z.string(),
  alertThresholdMinutes: z.int(),
  currentLocation: z.string(),
  /** estimatedBoardingTime − alertThresholdMinutes: when the "come back" alert fires. */
  alertAt: z.string(),
  createdAt: z.string(),
  status: z.enum(['active', 'ended']),
  /** The alarm (./away-alarm.ts): set for this session, and when the rider acknowledged it. */
  repeatUntilAcknowledged: z.optional(z.boolean()),
  acknowledgedAt: z.optional(z.nullable(z.string())),
});
export type AwaySession = z.infer<typeof awaySessionSchema>;

/** rider-core §3: alertThresholdMinutes is 5 when missing. */
export function alertThresholdOf(session: { alertThresholdMinutes?: number | null }): number {
  return session.alertThresholdMinutes ?? AWAY_DEFAULT_ALERT_THRESHOLD_MINUTES;
}

/** Epoch ms at which the rider must head back: boarding minus the alert threshold. */
export function awayAlertAt(session: { estimatedBoardingTime: string; alertThresholdMinutes?: number | null }): number {
  return Date.parse(session.estimatedBoardingTime) - alertThresholdOf(session) * 60_000;
}

/** rider-core §4: whole minutes until the alert time, never below 0 (0 for an unreadable time). */
export function awayCountdownMinutes(
  session: { estimatedBoardingTime: string; alertThresholdMinutes?: number | null },
  now: number,
): number {
  const alertAt = awayAlertAt(session);
  if (Number.isNaN(alertAt)) return 0;
  return Math.max(0, Math.floor((alertAt - now) / 60_000));
}

export type AwayRisk = 'high' | 'medium' | 'low';
/** rider-core §4: high at 2 minutes or fewer (red), medium at 5 or fewer (yellow), otherwise low (green). */
export function awayRisk(countdownMinutes: number): AwayRisk {
  if (countdownMinutes <= AWAY_RISK_HIGH_MINUTES) return 'high';
  if (countdownMinutes <= AWAY_RISK_MEDIUM_MINUTES) return 'medium';
  return 'low';
}

/**
 * rider-core §9: the overlay's next-sailing block falls back to "11:50 am" when no sailing is known
 * (the spec's own fallback for this block; every other missing time reads "N/A").
 */
export const AWAY_NEXT_SAILING_FALLBACK = '11:50 am';

/** The overlay's next-sailing text: the sailing's clock time, or the spec's fallback without one. */
export function awayNextSailingText(departureTime: string | undefined, format: (iso: string) => string): string {
  if (!departureTime || Number.isNaN(Date.parse(departureTime))) return AWAY_NEXT_SAILING_FALLBACK;
  return format(departureTime);
}

export type AwayMotion = 'Stopped' | 'Moving' | 'On its way';

/**
 * The overlay's status block (rider-core §2: "Stopped" when docked, otherwise "Moving"), told from
 * the rider's side so it never contradicts the countdown: "Moving" means the lanes are moving (cars
 * are boarding the rider's sailing: boardingStartTime has come), and then the risk is high whatever
 * the countdown says. A vessel at the berth, on time or delayed, is "Stopped"; one still crossing
 * towards the terminal is "On its way" (the lanes are not moving yet).
 */
export function ferryMotionLabel(
  ferry: { status?: string; boardingStartTime?: string } | undefined | null,
  now: number,
): AwayMotion {
  if (ferry?.boardingStartTime && Date.parse(ferry.boardingStartTime) <= now) return 'Moving';
  if (ferry?.status === 'en_route') return 'On its way';
  return 'Stopped';
}

/** The risk the overlay shows: the countdown's, raised to high while the lanes are moving. */
export function awayRiskNow(countdownMinutes: number, motion: AwayMotion): AwayRisk {
  return motion === 'Moving' ? 'high' : awayRisk(countdownMinutes);
}

export type StepAwayVerdict = 'safe' | 'brief' | 'stay';

export interface AwayStatus {
  /** Whole minutes until the rider must head back (boarding start − threshold), never below 0. */
  minutes: number;
  motion: AwayMotion;
  risk: AwayRisk;
  /** The card's verdict, from the same risk the overlay shows: low → safe, medium → brief, high → stay. */
  verdict: StepAwayVerdict;
}

/**
 * THE away rule: for a session (or the session a tap would start now) and the live state of its
 * ferry, the countdown, the lanes' motion, the risk and the card's verdict. The card and the overlay
 * both call it, so they always agree.
 */
export function awayStatus(
  target: { estimatedBoardingTime: string; alertThresholdMinutes?: number | null },
  ferry: { status?: string; boardingStartTime?: string } | undefined | null,
  now: number,
): AwayStatus {
  const minutes = awayCountdownMinutes(target, now);
  const motion = ferryMotionLabel(ferry, now);
  const risk = awayRiskNow(minutes, motion);
  return { minutes, motion, risk, verdict: risk === 'low' ? 'safe' : risk === 'medium' ? 'brief' : 'stay' };
}

export const STEP_AWAY_VERDICT_TEXT: Record<StepAwayVerdict, string> = {
  safe: 'Safe to Step Away',
  brief: 'Only a quick step away',
  stay: 'Stay with your vehicle',
};

/** The card's words when no sailing of the rider's is known. */
export const AWAY_UNTIMED_TITLE = 'Away mode cannot time your return';
export const AWAY_UNTIMED_TEXT =
  'No sailing from your terminal is known yet, so Deckhand cannot say when to head back.';

/** The sailing an away session is timed by: its ferry, departure and boarding start (epoch ms). */
export interface AwaySailing {
  ferryId: string;
  departureTime: string;
  boardingStart: number;
  /** Where boardingStart comes from: the simulator's (simulated), or null, modelled ("estimated"). */
  boardingStartProvenance?: Provenance | null;
}

/** Alert keys: the same key for the server's push and the page's in-app alert, so neither shows twice. */
export const awayAlertKey = (sessionId: string) => `away:${sessionId}:return`;
export const queueMovingAlertKey = (sessionId: string) => `away:${sessionId}:moving`;
