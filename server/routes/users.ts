/**
 * The caller's profile (rider-core §3 User profile, membership §3 Profile and animal preferences).
 * A first visit creates the rider account, so the client can call this once at start to get its
 * session cookie. Nothing here exposes another user.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireRider } from '../auth/session';
import type { Database } from '../db/client';
import { users, type MembershipType, type Role } from '../db/schema';
import { httpError } from '../http/errors';

export interface UserProfile {
  id: number;
  username: string;
  role: Role;
  membershipType: MembershipType;
  carNumber: string | null;
  phoneNumber: string | null;
  contributionScore: number;
  freeMonthsEarned: number;
  premiumExpiresAt: string | null;
  totalPhotoContributions: number;
  totalDataPoints: number;
  rewardPointsBalance: number;
  travelingWithAnimals: boolean;
  animalTypes: string[];
  animalCount: number;
  prefersPetArea: boolean;
  prefersStayInVehicle: boolean;
  specialAnimalNeeds: string;
}

export function toUserProfile(row: typeof users.$inferSelect): UserProfile {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    membershipType: row.membershipType,
    carNumber: row.carNumber,
    phoneNumber: row.phoneNumber,
    contributionScore: row.contributionScore,
    freeMonthsEarned: row.freeMonthsEarned,
    premiumExpiresAt: row.premiumExpiresAt ? row.premiumExpiresAt.toISOString() : null,
    totalPhotoContributions: row.totalPhotoContributions,
    totalDataPoints: row.totalDataPoints,
    rewardPointsBalance: row.rewardPointsBalance,
    travelingWithAnimals: row.travelingWithAnimals,
    animalTypes: row.animalTypes,
    animalCount: row.animalCount,
    prefersPetArea: row.prefersPetArea,
    prefersStayInVehicle: row.prefersStayInVehicle,
    specialAnimalNeeds: row.specialAnimalNeeds,
  };
}

export function registerUserRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { db } = deps.database;

  api.get('/users/profile', async (request, reply) => {
    const caller = await requireRider(request, reply);
    const [row] = await db.select().from(users).where(eq(users.id, caller.id)).limit(1);
    if (!row) throw httpError(401, 'unauthorized', 'Your account no longer exists; reload to start a new one');
    reply.header('Cache-Control', 'no-store');
    return toUserProfile(row);
  });
}
