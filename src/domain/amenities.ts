/**
 * Amenities as a rider sees them: only those at their terminal, and each named with its terminal.
 * Every terminal has a "Coffee Kiosk" and "Washrooms": a list of names alone cannot say which is
 * which, and a report for Departure Bay's kiosk must never show on Horseshoe Bay's card.
 */
import { terminalById } from './terminals';

/** The amenities at `terminalId`, in the order given; none when the terminal has none (never another's). */
export function amenitiesAt<T extends { terminalId?: string | null }>(
  amenities: readonly T[],
  terminalId: string,
): T[] {
  return amenities.filter((amenity) => amenity.terminalId === terminalId);
}

/** "Coffee Kiosk · Horseshoe Bay" (the name alone when the terminal is not known). */
export function amenityLabel(amenity: { name: string; terminalId?: string | null }): string {
  const terminal = amenity.terminalId ? (terminalById(amenity.terminalId)?.name ?? amenity.terminalId) : null;
  return terminal ? `${amenity.name} · ${terminal}` : amenity.name;
}
