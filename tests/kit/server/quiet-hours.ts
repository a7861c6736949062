/**
 * Quiet hours as a rider's Settings send them (PATCH /api/users/animal-preferences carries the
 * notification preferences beside the animal ones), for the alert tests.
 */
import { terminalWallClock } from '@/domain/time';

/** "21:05": an instant on the terminal's wall clock, as the quiet-hours fields hold it. */
export function wallClockHHMM(ms: number): string {
  const w = terminalWallClock(ms);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}

/** The animal preferences sent beside quiet hours: no animals. */
export const NO_ANIMALS = {
  travelingWithAnimals: false,
  animalTypes: [],
  animalCount: 0,
  prefersPetArea: false,
  prefersStayInVehicle: true,
  specialAnimalNeeds: '',
};
