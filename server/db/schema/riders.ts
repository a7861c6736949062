/**
 * Riders: their accounts (membership, preferences) and sessions.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';

export const roleEnum = pgEnum('user_role', ['rider', 'staff', 'admin']);
/** membership §3, rider-core §6: premium_plus appears for the exception pass entry on home. */
export const membershipTypeEnum = pgEnum('membership_type', [
  'free',
  'premium',
  'ninja',
  'contributor',
  'premium_plus',
]);

export type Role = (typeof roleEnum.enumValues)[number];
export type MembershipType = (typeof membershipTypeEnum.enumValues)[number];

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  role: roleEnum('role').notNull().default('rider'),
  membershipType: membershipTypeEnum('membership_type').notNull().default('free'),
  contributionScore: integer('contribution_score').notNull().default(0),
  freeMonthsEarned: integer('free_months_earned').notNull().default(0),
  premiumExpiresAt: timestamp('premium_expires_at', { withTimezone: true }),
  totalPhotoContributions: integer('total_photo_contributions').notNull().default(0),
  totalDataPoints: integer('total_data_points').notNull().default(0),
  rewardPointsBalance: integer('reward_points_balance').notNull().default(0),
  // Animal travel preferences (membership §3).
  travelingWithAnimals: boolean('traveling_with_animals').notNull().default(false),
  animalTypes: text('animal_types')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  animalCount: integer('animal_count').notNull().default(0),
  prefersPetArea: boolean('prefers_pet_area').notNull().default(false),
  prefersStayInVehicle: boolean('prefers_stay_in_vehicle').notNull().default(true),
  specialAnimalNeeds: text('special_animal_needs').notNull().default(''),
  carNumber: text('car_number'),
  phoneNumber: text('phone_number'),
  // Notification preferences (membership §2 Settings; DESIGN.md: saved and honoured by the server).
  notifyQueueUpdates: boolean('notify_queue_updates').notNull().default(true),
  notifyBoardingAlerts: boolean('notify_boarding_alerts').notNull().default(true),
  notifyAnimalReminders: boolean('notify_animal_reminders').notNull().default(true),
  /** Never written: riders have no password, and staff/admin accounts live in back_office_accounts. */
  passwordHash: text('password_hash'),
  createdAt: createdAt(),
});

/** Only the SHA-256 of a session token is stored: a database leak does not hand out sessions. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);
