/**
 * A Ninja Booking request body as the app sends it (src/domain/ninja-input.ts), for the server tests.
 * By default it asks for in-app alerts only, which every server can deliver; a test that needs e-mail or
 * SMS says so in its overrides (and runs with SMTP_URL / SMS_URL set).
 */
import { randomUUID } from 'node:crypto';

export function ninjaRequestBody(
  sailing: { route: string; departureDate: string; departureTime: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    id: randomUUID(),
    ...sailing,
    returnDate: null,
    returnTime: null,
    vehicleType: 'standard',
    vehicleLength: 18,
    passengerCount: 2,
    maxServiceFee: 50,
    isFlexible: false,
    flexibilityHours: 2,
    priority: 'medium',
    autoBookEnabled: false,
    notifyViaEmail: false,
    notifyViaSms: false,
    contactEmail: null,
    ...overrides,
  };
}
