/**
 * Whole answers a fake API gives (fake-api.ts checks every answer against its contract, so a part of
 * one is refused): build one with only the fields a test is about.
 *
 *   api.answer(getProfile, riderProfile({ id: 7, membershipType: 'premium' }));
 */
import { GUEST_PROFILE, type UserProfile } from '@/domain/user-profile';

/** A rider's profile as GET /api/users/profile answers it: a new free account (id 1) unless told otherwise. */
export function riderProfile(fields: Partial<UserProfile> = {}): UserProfile {
  return { ...GUEST_PROFILE, id: 1, username: 'rider-1', ...fields };
}
