/**
 * The caller's profile (rider-core §3 User profile, membership §3 Profile and animal preferences).
 * Reading the profile never creates an account: a caller without one gets the guest profile (id
 * null, the defaults of a new rider). POST /api/session opens an account on purpose (201, or 200
 * with the existing one); any other write opens one too. Nothing here exposes another user.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currentRider, getSessionUser, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import { users, type MembershipType, type Role } from '../db/schema';
import { httpError } from '../http/errors';

export interface UserProfile {
  /** null for a guest: a caller who has not written anything yet has no account. */
  id: number | null;
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

export const GUEST_USERNAME = 'Guest';

/** What a caller without an account sees: the defaults a new rider account would start with. */
export function guestProfile(): UserProfile {
  return {
    id: null,
    username: GUEST_USERNAME,
    role: 'rider',
    membershipType: 'free',
    carNumber: null,
    phoneNumber: null,
    contributionScore: 0,
    freeMonthsEarned: 0,
    premiumExpiresAt: null,
    totalPhotoContributions: 0,
    totalDataPoints: 0,
    rewardPointsBalance: 0,
    travelingWithAnimals: false,
    animalTypes: [],
    animalCount: 0,
    prefersPetArea: false,
    prefersStayInVehicle: false,
    specialAnimalNeeds: '',
  };
}

export function registerUserRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { db } = deps.database;

  async function profileOf(id: number): Promise<UserProfile> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw httpError(401, 'unauthorized', 'Your account no longer exists; reload to start a new one');
    return toUserProfile(row);
  }

  api.get('/users/profile', async (request, reply) => {
    const caller = await currentRider(request, reply);
    reply.header('Cache-Control', 'no-store');
    return caller ? profileOf(caller.id) : guestProfile();
  });

  api.post('/session', async (request, reply) => {
    const existing = await getSessionUser(request);
    const caller = await requireRider(request, reply);
    return reply.code(existing ? 200 : 201).header('Cache-Control', 'no-store').send(await profileOf(caller.id));
  });
}
