/**
 * Whole answers a fake API gives (fake-api.ts checks every answer against its contract, so a part of
 * one is refused): build one with only the fields a test is about.
 *
 *   api.answer(getProfile, riderProfile({ id: 7, membershipType: 'premium' }));
 */
import type { UserProfile } from '@/domain/user-profile';

/** A rider's profile as GET /api/users/profile answers it: a new free account (id 1) unless told otherwise. */
export function riderProfile(fields: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 1,
    username: 'rider-1',
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
    prefersStayInVehicle: true,
    specialAnimalNeeds: '',
    notifyQueueUpdates: true,
    notifyBoardingAlerts: true,
    notifyAnimalReminders: true,
    trialsUsed: [],
    hasPasskey: false,
    stickers: [],
    ...fields,
  };
}
