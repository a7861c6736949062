/**
 * Quiet hours as a rider's Settings send them (PATCH /api/users/animal-preferences carries the
 * notification preferences beside the animal ones), for the alert tests.
 */
import { terminalWallClock } from '@/domain/time';
import { GUEST_PROFILE } from '@/domain/user-profile';

/** "21:05": an instant on the terminal's wall clock, as the quiet-hours fields hold it. */
export function wallClockHHMM(ms: number): string {
  const w = terminalWallClock(ms);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}

/** The animal preferences sent beside quiet hours: a new rider's (no animals). */
export const NO_ANIMALS = {
  travelingWithAnimals: GUEST_PROFILE.travelingWithAnimals,
  animalTypes: GUEST_PROFILE.animalTypes,
  animalCount: GUEST_PROFILE.animalCount,
  prefersPetArea: GUEST_PROFILE.prefersPetArea,
  prefersStayInVehicle: GUEST_PROFILE.prefersStayInVehicle,
  specialAnimalNeeds: GUEST_PROFILE.specialAnimalNeeds,
};
