/**
 * 'How Ninja Booking Works' (4 steps) and its pricing (membership §2, §6, §9), as this server really
 * runs it (GET /api/services): the watcher's interval as the admin set it, the channels that deliver,
 * and who books — the rider, unless a booking provider is connected (the simulator says it is one).
 */
import { intervalText, type Services } from '@/domain/services';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';

import { alertChannelsText } from './ninja-booking-note';

export function ninjaSteps(services: Services | null | undefined): Array<{ title: string; text: string }> {
  const every = services ? intervalText(services.ninjaCheckIntervalSeconds) : 'at the interval the administrator sets';
  const booking = services?.booking;
  return [
    {
      title: 'Tell us your sailing',
      text: 'Pick the route, date and time you want, how flexible you are and how many are travelling.',
    },
    {
      title: 'We watch around the clock',
      text: `Deckhand checks for cancelled reservations ${every} for up to 30 days.`,
    },
    { title: 'A space opens', text: `You hear about it at once, in ${alertChannelsText(services)}.` },
    booking
      ? booking.simulated
        ? {
            title: 'Booked for you (simulated)',
            text: `With auto-book on, ${booking.name} makes a practice booking: not a reservation, and nothing is charged.`,
          }
        : {
            title: 'Booked for you',
            text: 'With auto-book on, we book the space for you; the $25 success fee is only charged then.',
          }
      : {
          title: 'You book it',
          text: 'Open the alert and book the space yourself with BC Ferries. Deckhand does not book or charge anything for you.',
        },
  ];
}

export function NinjaHowItWorks({ services }: { services: Services | null | undefined }) {
  const steps = ninjaSteps(services);
  return (
    <>
      <Card aria-labelledby="ninja-how">
        <CardHeader>
          <CardTitle id="ninja-how">How Ninja Booking Works</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="flex flex-col gap-3">
            {steps.map((step, i) => (
              <li key={step.title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                >
                  {i + 1}
                </span>
                <span>
                  <span className="block font-semibold">{step.title}</span>
                  <span className="text-muted-foreground">{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <Card aria-labelledby="ninja-pricing">
        <CardHeader>
          <CardTitle id="ninja-pricing">Pricing</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-2">
            <li>
              <span className="font-semibold">Ninja (Premium Plus): $11.99/month</span> with a 7-day free trial. No
              booking fees; a $25 success fee only when we book a space.
            </li>
            {services?.booking && !services.booking.simulated ? null : (
              <li className="text-muted-foreground">
                No booking provider is connected, so Deckhand books nothing and charges no success fee.
              </li>
            )}
            <li>
              <span className="font-semibold">Premium à la carte:</span> $45 plus a $55 success fee.
            </li>
            <li>
              <span className="font-semibold">Community Contributors</span> get Ninja Booking free.
            </li>
          </ul>
        </CardContent>
      </Card>
    </>
  );
}
