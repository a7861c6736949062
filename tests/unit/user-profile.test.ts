import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { MEMBERSHIP_TYPES, riderProfileSchema } from '@/domain/membership';
import { GUEST_PROFILE, USER_ROLES, userProfileSchema, type UserProfile } from '@/domain/user-profile';

const rider = (patch: Partial<UserProfile> = {}): UserProfile => ({
  ...GUEST_PROFILE,
  id: 7,
  username: 'rider-7',
  carNumber: 'AB 123 C',
  phoneNumber: '+1 604 555 0100',
  contributionScore: 120,
  rewardPointsBalance: 45,
  trialsUsed: ['premium'],
  hasPasskey: true,
  stickers: [{ rewardId: 'sticker-orca', name: 'Orca sticker', description: 'A digital orca' }],
  ...patch,
});

describe("the rider's profile on the wire (rider-core §3 User profile, membership §3 Profile and Animal preferences)", () => {
  it('accepts the guest profile a caller without an account gets, whose id is null', () => {
    const guest = z.parse(userProfileSchema, GUEST_PROFILE);
    expect(guest).toMatchObject({ id: null, username: 'Guest', role: 'rider', membershipType: 'free' });
  });

  it("starts a new rider with the spec's defaults: staying in the vehicle, every notification on, nothing earned", () => {
    expect(GUEST_PROFILE).toMatchObject({
      prefersStayInVehicle: true,
      travelingWithAnimals: false,
      animalCount: 0,
      notifyQueueUpdates: true,
      notifyBoardingAlerts: true,
      notifyAnimalReminders: true,
      contributionScore: 0,
      rewardPointsBalance: 0,
      hasPasskey: false,
    });
  });

  it('accepts a rider with an account, every tier and every role', () => {
    for (const membershipType of MEMBERSHIP_TYPES) {
      expect(z.safeParse(userProfileSchema, rider({ membershipType })).success).toBe(true);
    }
    for (const role of USER_ROLES) expect(z.safeParse(userProfileSchema, rider({ role })).success).toBe(true);
    expect(USER_ROLES).toEqual(['rider', 'staff', 'admin']);
  });

  it('keeps the stickers the rider claimed, with their names', () => {
    expect(z.parse(userProfileSchema, rider()).stickers).toEqual([
      { rewardId: 'sticker-orca', name: 'Orca sticker', description: 'A digital orca' },
    ]);
  });

  it('refuses a tier or role the app does not know, and an id that is not a whole number', () => {
    expect(z.safeParse(userProfileSchema, { ...rider(), membershipType: 'gold' }).success).toBe(false);
    expect(z.safeParse(userProfileSchema, { ...rider(), role: 'owner' }).success).toBe(false);
    expect(z.safeParse(userProfileSchema, rider({ id: 7.5 })).success).toBe(false);
  });

  it('refuses a profile with a field missing, so the device never stores half a profile', () => {
    const { hasPasskey: _, ...withoutPasskey } = rider();
    expect(z.safeParse(userProfileSchema, withoutPasskey).success).toBe(false);
    const { animalTypes: __, ...withoutAnimals } = rider();
    expect(z.safeParse(userProfileSchema, withoutAnimals).success).toBe(false);
  });

  it("holds everything the rider's screens read", () => {
    expect(z.safeParse(riderProfileSchema, z.parse(userProfileSchema, rider())).success).toBe(true);
  });
});
