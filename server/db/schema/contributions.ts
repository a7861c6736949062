/**
 * Community contributions, their validations, amenity statuses, challenges, reward claims and leaderboard names.
 */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { CLAIM_STATUSES, CONTRIBUTION_KINDS } from '../../../src/domain/contributions';
import { createdAt } from './columns';
import { rewards } from './reference';
import { users } from './riders';

export const contributionKindEnum = pgEnum('contribution_kind', CONTRIBUTION_KINDS);
export const rewardClaimStatusEnum = pgEnum('reward_claim_status', CLAIM_STATUSES);

/**
 * Every contribution a rider makes and the points the server awarded for it (the points ledger:
 * weekly leaderboard, daily cap, challenges and "recent" all read it). `details` holds the kind's
 * fields (minutes waited, capacity level, amenity status, validated photo).
 */
export const contributions = pgTable(
  'contributions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: contributionKindEnum('kind').notNull(),
    terminalId: text('terminal_id'),
    points: integer('points').notNull(),
    note: text('note'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('contributions_user_created_idx').on(t.userId, t.createdAt),
    index('contributions_kind_terminal_idx').on(t.kind, t.terminalId, t.createdAt),
  ],
);

/**
 * A photo count (rider-core §3). The stored files are re-encoded (no EXIF/GPS metadata) under
 * DATA_DIR; `photoSha256` is of the bytes as sent, so an identical photo sent again is recognised.
 * `accuracy` compares the count with the cameras' count for that terminal and time.
 */
export const photoContributions = pgTable(
  'photo_contributions',
  {
    contributionId: integer('contribution_id')
      .primaryKey()
      .references(() => contributions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    terminalId: text('terminal_id').notNull(),
    lane: text('lane').notNull(),
    vehicleCount: integer('vehicle_count').notNull(),
    cameraCount: integer('camera_count'),
    accuracy: text('accuracy').notNull(),
    duplicate: boolean('duplicate').notNull(),
    photoSha256: text('photo_sha256').notNull(),
    photoFile: text('photo_file').notNull(),
    thumbnailFile: text('thumbnail_file').notNull(),
    gpsLatitude: doublePrecision('gps_latitude'),
    gpsLongitude: doublePrecision('gps_longitude'),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('photo_contributions_sha_idx').on(t.photoSha256),
    index('photo_contributions_created_idx').on(t.createdAt),
  ],
);

/** A rider's verdict on another rider's photo count; `correct` = the verdict matches the cameras. */
export const photoValidations = pgTable(
  'photo_validations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id')
      .notNull()
      .references(() => photoContributions.contributionId, { onDelete: 'cascade' }),
    countIsRight: boolean('count_is_right').notNull(),
    correct: boolean('correct').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('photo_validations_user_photo_unique').on(t.userId, t.photoId)],
);

/** The latest rider-reported status of an amenity (open/closed/busy), shown on the amenity buttons. */
export const amenityStatuses = pgTable('amenity_statuses', {
  amenityId: text('amenity_id').primaryKey(),
  status: text('status').notNull(),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
});

/** A weekly challenge's bonus, awarded once per rider and week. */
export const challengeCompletions = pgTable(
  'challenge_completions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: text('challenge_id').notNull(),
    weekStart: timestamp('week_start', { withTimezone: true }).notNull(),
    completedAt: createdAt(),
  },
  (t) => [uniqueIndex('challenge_completions_unique').on(t.userId, t.challengeId, t.weekStart)],
);

/** rider-core §3 Reward claim; staff move physical items on, digital ones are redeemed at once (a discount's code when the store order uses it). */
export const rewardClaims = pgTable(
  'reward_claims',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rewardId: text('reward_id')
      .notNull()
      .references(() => rewards.id),
    status: rewardClaimStatusEnum('status').notNull().default('pending'),
    pointsSpent: integer('points_spent').notNull(),
    code: text('code'),
    /** When the discount `code` paid for part of a store order; a code is used once. */
    codeUsedAt: timestamp('code_used_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reward_claims_user_idx').on(t.userId, t.claimedAt), index('reward_claims_code_idx').on(t.code)],
);

/** The pseudonym a rider shows on the leaderboard (default: "Rider" and a short code). */
export const leaderboardNames = pgTable('leaderboard_names', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull(),
});
