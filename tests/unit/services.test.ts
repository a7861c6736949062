import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { CHECK_INTERVAL_MAX_S, CHECK_INTERVAL_MIN_S } from '@/domain/booking-agent';
import { intervalText, servicesSchema } from '@/domain/services';

describe('what this server can really do (membership §2 Ninja Booking, Admin settings; docs/ninja-booking.md)', () => {
  it('says the watcher interval in seconds below a minute, with the admin default of 30 s', () => {
    expect(intervalText(30)).toBe('every 30 seconds');
    expect(intervalText(1)).toBe('every 1 second');
    expect(intervalText(59)).toBe('every 59 seconds');
  });

  it('says whole minutes from 60 s on, and seconds when the minutes are not whole', () => {
    expect(intervalText(60)).toBe('every minute');
    expect(intervalText(120)).toBe('every 2 minutes');
    expect(intervalText(90)).toBe('every 90 seconds');
  });

  it('words both ends of the interval the admin may set, 5 s to an hour', () => {
    expect(intervalText(CHECK_INTERVAL_MIN_S)).toBe('every 5 seconds');
    expect(intervalText(CHECK_INTERVAL_MAX_S)).toBe('every 60 minutes');
  });

  /** What a server with nothing configured answers. */
  const DEFAULT_SERVER = {
    booking: null,
    channels: { inbox: true, push: true, email: false, sms: false },
    payments: null,
    ninjaCheckIntervalSeconds: 30,
  };
  const accepts = (answer: unknown) => z.safeParse(servicesSchema, answer).success;

  it('accepts a server with no booking provider and no payments, as the default server answers', () => {
    expect(z.parse(servicesSchema, DEFAULT_SERVER)).toEqual(DEFAULT_SERVER);
  });

  it('accepts a simulated booking provider, named as such, and a payment provider', () => {
    const answer = z.parse(servicesSchema, {
      ...DEFAULT_SERVER,
      booking: { name: 'Simulator', simulated: true },
      payments: { name: 'Provider' },
    });
    expect(answer).toMatchObject({ booking: { name: 'Simulator', simulated: true }, payments: { name: 'Provider' } });
  });

  it('refuses an answer that leaves a channel or the provider unsaid, or gives a fractional interval', () => {
    expect(accepts({ ...DEFAULT_SERVER, channels: { inbox: true, push: true, email: false } })).toBe(false);
    expect(accepts({ ...DEFAULT_SERVER, booking: undefined })).toBe(false);
    expect(accepts({ ...DEFAULT_SERVER, booking: { name: 'Simulator' } })).toBe(false);
    expect(accepts({ ...DEFAULT_SERVER, ninjaCheckIntervalSeconds: 30.5 })).toBe(false);
  });
});
