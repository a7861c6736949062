/**
 * Community contributions (rider-core §2 "Community Contributions page", §3 photo contribution,
 * reward and claim, §4 contributor badge, §5 photo validation, §9 points and limits): the shapes the
 * server answers and the rules that turn a contribution into points. The server alone applies the
 * point rules (DESIGN.md "the server computes money and points"); the client shows what it answers.
 */
import { z } from 'zod/mini';

import { terminalOffsetMs } from './time';
import { rowIdSchema } from './value-ranges';

// ---- §5 and §9 limits ----------------------------------------------------------------------

/** rider-core §5, §9: a photo may be at most 10 MB. */
export const CONTRIBUTION_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** rider-core §5, §9: the vehicle count input range. */
export const VEHICLE_COUNT_MIN = 0;
export const VEHICLE_COUNT_MAX = 200;
/** rider-core §5: GPS for a photo is asked with high accuracy and gives up after 10 s. */
export const CONTRIBUTION_GPS_TIMEOUT_MS = 10_000;
/** rider-core §5: the lane options (values are the labels: no empty-string option value). */
export const LANES = ['Lane 1', 'Lane 2', 'Lane 3', 'Lane 4', 'General Queue'] as const;

// ---- §9 points -----------------------------------------------------------------------------

/** rider-core §9: a photo earns 10 by default, up to 25 when it agrees with the cameras. */
export const PHOTO_POINTS_DEFAULT = 10;
export const PHOTO_POINTS_CLOSE = 15;
export const PHOTO_POINTS_ACCURATE = 25;
/** A count is accurate within this many cars or this share of the cameras' count (whichever is larger). */
export const PHOTO_ACCURATE_CARS = 2;
export const PHOTO_ACCURATE_SHARE = 0.1;
/** A count is close within this many cars or this share. */
export const PHOTO_CLOSE_CARS = 5;
export const PHOTO_CLOSE_SHARE = 0.25;
/** rider-core §2, §9: Report Wait Time +5, Ferry Capacity Check +7, Amenity Status +3, Validate Photos +3 (5 when right). */
export const WAIT_REPORT_POINTS = 5;
export const CAPACITY_CHECK_POINTS = 7;
export const AMENITY_STATUS_POINTS = 3;
export const VALIDATION_POINTS = 3;
export const VALIDATION_POINTS_CORRECT = 5;

/** Anti-farming: at most this many points a day (America/Vancouver calendar day) from contributions. */
export const DAILY_POINTS_CAP = 300;
/** Anti-farming: one wait report (and one capacity check, one amenity status) per terminal per 10 minutes. */
export const REPORT_INTERVAL_MS = 10 * 60_000;
/** Anti-farming: one photo count per terminal per 2 minutes earns points. */
export const PHOTO_INTERVAL_MS = 2 * 60_000;
/** A photo whose time is further back than this (or in the future) is judged at the time it arrives. */
export const PHOTO_TIME_MAX_AGE_MS = 24 * 60 * 60_000;

/** Contributor status (rider-core §6): validation accuracy counts from this many validations on. */
export const CONTRIBUTOR_MIN_VALIDATIONS = 20;

export type PhotoAccuracy = 'accurate' | 'close' | 'off' | 'unchecked';

/** How a rider's count compares with the cameras' count for that terminal and time (null = no camera). */
export function photoAccuracy(vehicleCount: number, cameraCount: number | null): PhotoAccuracy {
  if (cameraCount === null) return 'unchecked';
  const diff = Math.abs(vehicleCount - cameraCount);
  if (diff <= Math.max(PHOTO_ACCURATE_CARS, cameraCount * PHOTO_ACCURATE_SHARE)) return 'accurate';
  if (diff <= Math.max(PHOTO_CLOSE_CARS, cameraCount * PHOTO_CLOSE_SHARE)) return 'close';
  return 'off';
}

/** rider-core §9 "photo 10-25 (10 default)"; an identical photo sent again earns nothing. */
export function photoPoints(accuracy: PhotoAccuracy, duplicate: boolean): number {
  if (duplicate) return 0;
  if (accuracy === 'accurate') return PHOTO_POINTS_ACCURATE;
  if (accuracy === 'close') return PHOTO_POINTS_CLOSE;
  return PHOTO_POINTS_DEFAULT;
}

/** Points left under the daily cap: what is awarded of `points` when `earnedToday` are already in. */
export function cappedPoints(points: number, earnedToday: number): number {
  return Math.max(0, Math.min(points, DAILY_POINTS_CAP - earnedToday));
}

/** Validation accuracy: null until CONTRIBUTOR_MIN_VALIDATIONS validations exist. */
export function validationAccuracy(correct: number, total: number): number | null {
  return total < CONTRIBUTOR_MIN_VALIDATIONS ? null : correct / total;
}

// ---- Other Ways to Help --------------------------------------------------------------------

export const CAPACITY_LEVELS = ['empty', 'half', 'nearly_full', 'full'] as const;
export const CAPACITY_LABELS: Record<(typeof CAPACITY_LEVELS)[number], string> = {
  empty: 'Plenty of room',
  half: 'About half full',
  nearly_full: 'Nearly full',
  full: 'Full',
};
export const AMENITY_STATES = ['open', 'closed', 'busy'] as const;
/** A rider's amenity status is shown on the amenity buttons for this long after the report. */
export const AMENITY_STATUS_FRESH_MS = 2 * 60 * 60_000;
export type AmenityState = (typeof AMENITY_STATES)[number];

const terminalId = z.string().check(z.minLength(1), z.maxLength(64));

export const waitReportInputSchema = z.object({
  terminal: terminalId,
  minutesWaited: z.int().check(z.gte(0), z.lte(600)),
});
export const capacityCheckInputSchema = z.object({
  terminal: terminalId,
  level: z.enum(CAPACITY_LEVELS),
});
export const amenityStatusInputSchema = z.object({
  amenityId: z.string().check(z.minLength(1), z.maxLength(64)),
  status: z.enum(AMENITY_STATES),
});
export const validationInputSchema = z.object({
  photoId: rowIdSchema,
  countIsRight: z.boolean(),
});
export const claimInputSchema = z.object({ rewardId: z.string().check(z.minLength(1), z.maxLength(64)) });
/** Leaderboard display names: long enough to tell apart, short enough for a phone's leaderboard line. */
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 24;
/**
 * Bidirectional controls (embeddings, overrides, isolates, marks) reorder how a name is drawn: on
 * the leaderboard "\u202Eevil" would read as someone else's name. A display name may not hold them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
export const DISPLAY_NAME_BIDI_MESSAGE = 'Display name cannot contain text-direction control characters';
export const displayNameInputSchema = z.object({
  displayName: z.string().check(
    z.trim(),
    z.minLength(DISPLAY_NAME_MIN, `Display name needs at least ${DISPLAY_NAME_MIN} characters`),
    z.maxLength(DISPLAY_NAME_MAX, `Display name is at most ${DISPLAY_NAME_MAX} characters`),
    z.refine((name) => !BIDI_CONTROLS.test(name), DISPLAY_NAME_BIDI_MESSAGE),
  ),
});

// ---- Answers -------------------------------------------------------------------------------

export const CONTRIBUTION_KINDS = ['photo', 'wait_time', 'capacity', 'validation', 'amenity', 'challenge'] as const;
export type ContributionKind = (typeof CONTRIBUTION_KINDS)[number];

export const contributionAnswerSchema = z.object({
  id: z.int(),
  kind: z.enum(CONTRIBUTION_KINDS),
  rewardPointsEarned: z.int(),
  /** Why the points are what they are (duplicate photo, daily cap…), when not the plain rule. */
  note: z.nullable(z.string()),
  rewardPointsBalance: z.int(),
});
export type ContributionAnswer = z.infer<typeof contributionAnswerSchema>;

export const recentContributionSchema = z.object({
  id: z.int(),
  kind: z.enum(CONTRIBUTION_KINDS),
  terminal: z.nullable(z.string()),
  summary: z.string(),
  points: z.int(),
  status: z.string(),
  thumbnailUrl: z.nullable(z.string()),
  createdAt: z.string(),
});
export type RecentContribution = z.infer<typeof recentContributionSchema>;

/** Another rider's recent photo count, offered for validation. */
export const photoToValidateSchema = z.object({
  id: z.int(),
  terminal: z.string(),
  lane: z.string(),
  vehicleCount: z.int(),
  takenAt: z.string(),
  thumbnailUrl: z.string(),
});
export type PhotoToValidate = z.infer<typeof photoToValidateSchema>;

/** The latest rider-reported status per amenity id. */
export const amenityStatusesSchema = z.record(z.string(), z.object({ status: z.string(), reportedAt: z.string() }));

export const displayNameAnswerSchema = z.object({ displayName: z.string() });

export const REWARD_TYPES = [
  'digital_sticker',
  'physical_item',
  'discount',
  'free_months',
  'exclusive_access',
] as const;
export const rewardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  rewardType: z.enum(REWARD_TYPES),
  category: z.string(),
  pointsCost: z.int(),
  stockQuantity: z.nullable(z.int()),
});
export type Reward = z.infer<typeof rewardSchema>;

export const CLAIM_STATUSES = ['pending', 'approved', 'shipped', 'delivered', 'redeemed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/**
 * rider-core §3 Reward claim, §4 statuses: a physical item waits for staff, who move it on one step
 * at a time (pending → approved → shipped → delivered). Digital rewards are `redeemed` at once and
 * never enter this flow. Answers the only status staff may set next, or null when there is none.
 */
const STAFF_CLAIM_FLOW = ['pending', 'approved', 'shipped', 'delivered'] as const satisfies readonly ClaimStatus[];
export type StaffClaimStatus = (typeof STAFF_CLAIM_FLOW)[number];
export const STAFF_CLAIM_MOVES = ['approved', 'shipped', 'delivered'] as const satisfies readonly StaffClaimStatus[];
export type StaffClaimMove = (typeof STAFF_CLAIM_MOVES)[number];
export function nextClaimStatus(status: ClaimStatus): StaffClaimMove | null {
  const at = STAFF_CLAIM_FLOW.indexOf(status as StaffClaimStatus);
  // The moves are the flow after its first step: the step after flow[at] is moves[at].
  return at < 0 ? null : (STAFF_CLAIM_MOVES[at] ?? null);
}
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  shipped: 'Shipped',
  delivered: 'Delivered',
  redeemed: 'Redeemed',
};
export const rewardClaimSchema = z.object({
  id: z.int(),
  reward: rewardSchema,
  claimedAt: z.string(),
  status: z.enum(CLAIM_STATUSES),
  /** A discount reward's code for the store. */
  code: z.nullable(z.string()),
});
export type RewardClaim = z.infer<typeof rewardClaimSchema>;
/** A new claim, with the rider's balance after paying for it. */
export const rewardClaimAnswerSchema = z.extend(rewardClaimSchema, { rewardPointsBalance: z.int() });

/** A claim in the staff queue: the reward's and the rider's names. */
export const staffRewardClaimSchema = z.object({
  id: z.int(),
  rider: z.string(),
  reward: z.string(),
  status: z.enum(CLAIM_STATUSES),
  pointsSpent: z.int(),
  claimedAt: z.string(),
});
export type StaffRewardClaim = z.infer<typeof staffRewardClaimSchema>;
export const staffClaimMoveInputSchema = z.object({ status: z.enum(STAFF_CLAIM_MOVES) });

/** What disables a reward's claim button (rider-core §5). */
export function canClaim(
  reward: Pick<Reward, 'pointsCost' | 'stockQuantity'>,
  balance: number,
  pending: boolean,
): boolean {
  return !pending && balance >= reward.pointsCost && reward.stockQuantity !== 0;
}

export const leaderboardEntrySchema = z.object({
  rank: z.int(),
  displayName: z.string(),
  points: z.int(),
  badge: z.string(),
  you: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export const LEADERBOARD_PERIODS = ['week', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_SIZE = 10;
export const leaderboardQuerySchema = z.object({ period: z._default(z.enum(LEADERBOARD_PERIODS), 'week') });
export const leaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  entries: z.array(leaderboardEntrySchema),
  /** The caller's own line, also when outside the top 10 (null without any points). */
  you: z.nullable(leaderboardEntrySchema),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

// ---- Weekly challenges ---------------------------------------------------------------------

/**
 * Weekly challenges (the spec shows no contents): each asks for data the community lacks most.
 * Progress is counted by the server over the current week (Monday 00:00 America/Vancouver on);
 * the bonus is awarded once per week when the target is reached.
 */
export interface ChallengeDefinition {
  id: string;
  title: string;
  description: string;
  target: number;
  bonusPoints: number;
}
export const CHALLENGES: readonly ChallengeDefinition[] = [
  {
    id: 'three-terminals',
    title: 'Terminal Hopper',
    description: 'Count cars at 3 different terminals this week.',
    target: 3,
    bonusPoints: 30,
  },
  {
    id: 'five-validations',
    title: 'Second Opinion',
    description: 'Validate 5 photos from other riders this week.',
    target: 5,
    bonusPoints: 20,
  },
  {
    id: 'quiet-hour',
    title: 'Early Bird',
    description: 'Count cars at a quiet hour (before 7 am or from 9 pm on).',
    target: 1,
    bonusPoints: 15,
  },
];
/** Quiet hours for 'quiet-hour', terminal time: before 7 am or from 9 pm. */
export const QUIET_HOUR_BEFORE = 7;
export const QUIET_HOUR_FROM = 21;
export function isQuietHour(hour: number): boolean {
  return hour < QUIET_HOUR_BEFORE || hour >= QUIET_HOUR_FROM;
}

export const challengeProgressSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  target: z.int(),
  progress: z.int(),
  bonusPoints: z.int(),
  completed: z.boolean(),
});
export type ChallengeProgress = z.infer<typeof challengeProgressSchema>;

// ---- Terminal calendar: the daily cap's day and the challenges' week ----------------------

const DAY_MS = 24 * 60 * 60_000;

/** Start (epoch ms) of the terminal-time calendar day holding `epochMs`. */
export function terminalDayStart(epochMs: number): number {
  const local = epochMs + terminalOffsetMs(epochMs);
  const startLocal = Math.floor(local / DAY_MS) * DAY_MS;
  return startLocal - terminalOffsetMs(startLocal - terminalOffsetMs(epochMs));
}

/** Start (epoch ms) of the terminal-time week (Monday 00:00) holding `epochMs`. */
export function terminalWeekStart(epochMs: number): number {
  const local = epochMs + terminalOffsetMs(epochMs);
  const startLocal = Math.floor(local / DAY_MS) * DAY_MS;
  const sinceMonday = (new Date(startLocal).getUTCDay() + 6) % 7;
  const mondayLocal = startLocal - sinceMonday * DAY_MS;
  return mondayLocal - terminalOffsetMs(mondayLocal - terminalOffsetMs(epochMs));
}

// ---- §8 messages ---------------------------------------------------------------------------

/** rider-core §5, §8: the photo and claim toasts, word for word. */
export const CONTRIBUTION_TOASTS = {
  tooLarge: { title: 'File Too Large', description: 'Please select an image under 10MB.' },
  missing: {
    title: 'Missing Information',
    description: 'Please select a photo, count vehicles, and specify the lane.',
  },
  /** A count the server would refuse (above VEHICLE_COUNT_MAX or not whole), said before sending. */
  countOutOfRange: {
    title: 'Check the Count',
    description: `Count the cars in your lane: a whole number from 1 to ${VEHICLE_COUNT_MAX}.`,
  },
  submitted: { title: 'Photo Submitted!' },
  uploadFailed: { title: 'Upload Failed', description: 'Please try again or check your connection.' },
  queued: { title: 'Photo saved', description: 'It is waiting to send and goes as soon as you have signal.' },
  claimed: { title: 'Reward Claimed!' },
  claimFailed: { title: 'Claim Failed', description: 'Not enough points or reward unavailable.' },
} as const;

/** "You earned N points" for the Photo Submitted! toast (rider-core §8: earned points, default 10). */
export function earnedText(points: number | null, note: string | null = null): string {
  const earned = `You earned ${points ?? PHOTO_POINTS_DEFAULT} point${points === 1 ? '' : 's'}.`;
  return note ? `${earned} ${note}` : earned;
}

/** What a photo contribution may be sent with (rider-core §5); null when it may be sent. */
export function photoProblem(input: {
  photo: { size: number } | null;
  vehicleCount: number | null;
  lane: string;
}): 'tooLarge' | 'missing' | 'countOutOfRange' | null {
  if (input.photo && input.photo.size > CONTRIBUTION_PHOTO_MAX_BYTES) return 'tooLarge';
  if (!input.photo || input.vehicleCount === null || input.vehicleCount <= VEHICLE_COUNT_MIN || !input.lane)
    return 'missing';
  // The server's limits (rider-core §9 "vehicle count 0-200"), checked here so the rider learns why at once.
  if (!Number.isInteger(input.vehicleCount) || input.vehicleCount > VEHICLE_COUNT_MAX) return 'countOutOfRange';
  return null;
}
