/**
 * Back-office accounts and sessions, sign-in throttling, membership trials and riders' passkeys.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { membershipTypeEnum, users } from './riders';

export const backOfficeRoleEnum = pgEnum('back_office_role', ['admin', 'staff']);
export type BackOfficeRole = (typeof backOfficeRoleEnum.enumValues)[number];

/**
 * Staff and admin accounts, apart from riders: they sign in with a password (argon2id, the encoded
 * hash only) and get their own session cookie. `usernameKey` is the lower-cased username, so "Admin"
 * and "admin" are one account.
 */
export const backOfficeAccounts = pgTable('back_office_accounts', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  usernameKey: text('username_key').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: backOfficeRoleEnum('role').notNull(),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/** Back-office sessions: only the SHA-256 of the token; expiry slides with use (idle timeout). */
export const backOfficeSessions = pgTable(
  'back_office_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => backOfficeAccounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('back_office_sessions_account_idx').on(t.accountId)],
);

/**
 * Failed back-office sign-ins, kept in the database (not in memory) so the limit holds across
 * instances and restarts. Rows older than the window are deleted as new failures arrive.
 */
export const backOfficeLoginFailures = pgTable(
  'back_office_login_failures',
  {
    id: serial('id').primaryKey(),
    usernameKey: text('username_key').notNull(),
    address: text('address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('back_office_login_failures_username_idx').on(t.usernameKey, t.failedAt),
    index('back_office_login_failures_address_idx').on(t.address, t.failedAt),
  ],
);

/**
 * Browsers that signed in to a back-office account before (server/auth/login-throttle.ts): the
 * sign-in answer sets a random token in a cookie and keeps its hash here. A known browser with the
 * right password is never slowed by failures others caused on the same account.
 */
export const backOfficeKnownClients = pgTable(
  'back_office_known_clients',
  {
    tokenHash: text('token_hash').primaryKey(),
    usernameKey: text('username_key').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('back_office_known_clients_username_idx').on(t.usernameKey)],
);

/**
 * 7-day trials (membership §9): one row per rider and tier ever tried, so a tier is tried once.
 * `previousTier` is what the rider goes back to when `expiresAt` passes (server/jobs/trial-expiry.ts).
 */
export const membershipTrials = pgTable(
  'membership_trials',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: membershipTypeEnum('tier').notNull(),
    previousTier: membershipTypeEnum('previous_tier').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('membership_trials_user_tier_unique').on(t.userId, t.tier),
    index('membership_trials_open_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** A rider's passkeys (WebAuthn credentials); signing in with one opens a rider session. */
export const passkeys = pgTable(
  'passkeys',
  {
    credentialId: text('credential_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** A WebAuthn challenge waiting for its answer (registration or sign-in); single use, short-lived. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  userId: integer('user_id'),
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
