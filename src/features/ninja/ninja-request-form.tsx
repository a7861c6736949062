/**
 * The Ninja Booking Set Up form (membership §2, §3, §5, §8, §9). Route and departure date are
 * required ('Missing Information'); passengers outside 1-20 fall back to 1 and a fee outside 25-100
 * to 25; flexible timing is on with ±2 h by default; priority medium. The request is saved on the
 * device with its outbox write (src/data/ninja-requests.ts): sent at once when online ('Ninja Booking
 * Activated!'), otherwise kept and sent later. After a success only route, date and time reset.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type FormEvent } from 'react';

import type { DeckhandDB } from '@/data/db';
import { queueNinjaRequest } from '@/data/ninja-requests';
import { useServices } from '@/data/services';
import {
  localDateKey,
  maxFeeOrDefault,
  NINJA_DEFAULT_FLEXIBILITY,
  NINJA_DEFAULT_PRIORITY,
  NINJA_FEE_MAX,
  NINJA_FEE_MIN,
  NINJA_FLEXIBILITY_HOURS,
  NINJA_PASSENGERS_MAX,
  NINJA_PASSENGERS_MIN,
  NINJA_ROUTES,
  ninjaRoute,
  passengersOrDefault,
  VEHICLE_LENGTH_MAX_FT,
  type FlexibilityHours,
  type NinjaPriority,
  type NinjaVehicleType,
} from '@/domain/ninja';
import { ninjaSailingTimes } from '@/domain/ninja-sailing-times';
import { toast } from '@/lib/toast';
import { sendQueued } from '@/sync/send-queued';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { DateField, fieldLabelClass } from '@/ui/date-field';
import { ANY_OPTION, fieldClass, fromSelect, selectValue, UNCHOSEN_OPTION } from '@/ui/field';
import { Switch } from '@/ui/switch';
import { useNow } from '@/ui/use-now';

import { NinjaBookingNote } from './ninja-booking-note';

export function NinjaRequestForm({ database }: { database: DeckhandDB }) {
  const [route, setRoute] = useState('');
  const [departureDate, setDepartureDate] = useState('');
  const [departureTime, setDepartureTime] = useState('');
  const [returnDate, setReturnDate] = useState('');
  const [returnTime, setReturnTime] = useState('');
  const [vehicleType, setVehicleType] = useState<NinjaVehicleType>('standard');
  const [vehicleLength, setVehicleLength] = useState('');
  const [passengers, setPassengers] = useState('1');
  const [maxFee, setMaxFee] = useState(String(NINJA_FEE_MIN));
  const [isFlexible, setFlexible] = useState(true);
  const [flexibilityHours, setFlexibilityHours] = useState<FlexibilityHours>(NINJA_DEFAULT_FLEXIBILITY);
  const [priority, setPriority] = useState<NinjaPriority>(NINJA_DEFAULT_PRIORITY);
  const [autoBook, setAutoBook] = useState(false);
  const [notifyViaEmail, setEmail] = useState(false);
  const [notifyViaSms, setSms] = useState(false);
  const [contactEmail, setContactEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const today = localDateKey(useNow(60_000));
  // The chosen route's own sailings (and the way back's), from the stored timetable.
  const chosen = ninjaRoute(route);
  const back = chosen
    ? NINJA_ROUTES.find((r) => r.routeId === chosen.routeId && r.from !== chosen.from && r.from !== null)
    : undefined;
  const routeSailings = useLiveQuery(
    () => (chosen?.routeId ? database.sailings.where('routeId').equals(chosen.routeId).toArray() : []),
    [database, chosen?.routeId],
  );
  const outbound = ninjaSailingTimes(routeSailings ?? [], chosen, departureDate || today);
  const inbound = ninjaSailingTimes(routeSailings ?? [], back, returnDate || departureDate || today);
  // Offered only when this server can do it (GET /api/services): nothing is kept that cannot happen.
  const services = useServices(database);
  const canAutoBook = Boolean(services?.booking);
  const emailLive = services?.channels.email ?? false;
  const smsLive = services?.channels.sms ?? false;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!route || !departureDate) {
      toast.error('Missing Information', { description: 'Please select a route and departure date.' });
      return;
    }
    const passengerCount = passengersOrDefault(passengers);
    const maxServiceFee = maxFeeOrDefault(maxFee);
    setPassengers(String(passengerCount));
    setMaxFee(String(maxServiceFee));
    const length = Number.parseInt(vehicleLength, 10);
    setSubmitting(true);
    try {
      const row = await queueNinjaRequest(database, {
        route,
        departureDate,
        departureTime: departureTime || null,
        returnDate: returnDate || null,
        returnTime: returnTime || null,
        vehicleType,
        vehicleLength: Number.isInteger(length) && length >= 1 && length <= VEHICLE_LENGTH_MAX_FT ? length : null,
        passengerCount,
        maxServiceFee,
        isFlexible,
        flexibilityHours,
        priority,
        autoBookEnabled: canAutoBook && autoBook,
        notifyViaEmail: emailLive && notifyViaEmail,
        notifyViaSms: smsLive && notifyViaSms,
        contactEmail: emailLive && notifyViaEmail && contactEmail.trim() ? contactEmail.trim() : null,
      });
      const outcome = (await sendQueued(database, database.ninjaRequests, row.id)).state;
      if (outcome === 'failed') {
        toast.error('Booking Setup Failed', { description: 'Failed to activate ninja booking. Please try again.' });
        return;
      }
      if (outcome === 'sent') {
        toast.success('Ninja Booking Activated!', {
          description: "We're now monitoring for cancelled reservations on your chosen route.",
        });
      } else {
        toast('Saved on this device', {
          description: 'Your Ninja Booking request will be sent when you are back online.',
        });
      }
      setRoute('');
      setDepartureDate('');
      setDepartureTime('');
    } catch (error) {
      console.warn('Saving a Ninja Booking request failed', error);
      toast.error('Booking Setup Failed', { description: 'Failed to activate ninja booking. Please try again.' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Card aria-labelledby="ninja-setup">
      <CardHeader>
        <CardTitle id="ninja-setup">Set Up Ninja Booking</CardTitle>
        <CardDescription>
          {canAutoBook
            ? 'We watch your sailing for cancelled reservations and tell you, or book, the moment a space opens.'
            : 'We watch your sailing for cancelled reservations and alert you the moment a space opens; you book it.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
          <label className={fieldLabelClass}>
            Route
            <select
              className={fieldClass}
              value={selectValue(route, UNCHOSEN_OPTION)}
              onChange={(e) => setRoute(fromSelect(e.target.value))}
            >
              <option value={UNCHOSEN_OPTION} disabled>
                Select a route
              </option>
              {NINJA_ROUTES.map((r) => (
                <option key={r.name} value={r.name}>
                  {r.name}
                  {r.routeId ? '' : ' (not watched yet)'}
                </option>
              ))}
            </select>
          </label>
          <div className="grid grid-cols-2 gap-3">
            <DateField label="Departure Date" min={today} value={departureDate} onChange={setDepartureDate} />
            <label className={fieldLabelClass}>
              Departure Time
              <select
                className={fieldClass}
                value={selectValue(departureTime, ANY_OPTION)}
                onChange={(e) => setDepartureTime(fromSelect(e.target.value))}
              >
                <option value={ANY_OPTION}>Any time</option>
                {outbound.times.map((time) => (
                  <option key={time} value={time}>
                    {time}
                  </option>
                ))}
              </select>
            </label>
            <SailingTimesNote route={chosen} times={outbound} wanted={departureDate || today} className="col-span-2" />
            <DateField
              label="Return Date (optional)"
              min={departureDate || today}
              value={returnDate}
              onChange={setReturnDate}
            />
            <label className={fieldLabelClass}>
              Return Time (optional)
              <select
                className={fieldClass}
                value={selectValue(returnTime, ANY_OPTION)}
                onChange={(e) => setReturnTime(fromSelect(e.target.value))}
              >
                <option value={ANY_OPTION}>Any time</option>
                {inbound.times.map((time) => (
                  <option key={time} value={time}>
                    {time}
                  </option>
                ))}
              </select>
            </label>
            <label className={fieldLabelClass}>
              Vehicle Type
              <select
                className={fieldClass}
                value={vehicleType}
                onChange={(e) => setVehicleType(e.target.value as NinjaVehicleType)}
              >
                <option value="standard">Standard</option>
                <option value="oversized">Oversized</option>
                <option value="motorcycle">Motorcycle</option>
              </select>
            </label>
            <label className={fieldLabelClass}>
              Vehicle Length (ft)
              <input
                type="number"
                inputMode="numeric"
                className={fieldClass}
                min={1}
                max={VEHICLE_LENGTH_MAX_FT}
                value={vehicleLength}
                onChange={(e) => setVehicleLength(e.target.value)}
              />
            </label>
            <label className={fieldLabelClass}>
              Passengers
              <input
                type="number"
                inputMode="numeric"
                className={fieldClass}
                min={NINJA_PASSENGERS_MIN}
                max={NINJA_PASSENGERS_MAX}
                value={passengers}
                onChange={(e) => setPassengers(e.target.value)}
                onBlur={() => setPassengers(String(passengersOrDefault(passengers)))}
              />
            </label>
            <label className={fieldLabelClass}>
              Maximum Service Fee ($)
              <input
                type="number"
                inputMode="numeric"
                className={fieldClass}
                min={NINJA_FEE_MIN}
                max={NINJA_FEE_MAX}
                value={maxFee}
                aria-describedby="ninja-fee-note"
                onChange={(e) => setMaxFee(e.target.value)}
                onBlur={() => setMaxFee(String(maxFeeOrDefault(maxFee)))}
              />
            </label>
          </div>
          <p id="ninja-fee-note" className="text-sm text-muted-foreground">
            Minimum $25, only charged on successful booking
          </p>
          <Switch checked={isFlexible} onCheckedChange={setFlexible} label="Flexible timing" />
          {isFlexible ? (
            <label className={fieldLabelClass}>
              Flexibility (hours)
              <select
                className={fieldClass}
                value={flexibilityHours}
                onChange={(e) => setFlexibilityHours(Number(e.target.value) as FlexibilityHours)}
              >
                {NINJA_FLEXIBILITY_HOURS.map((h) => (
                  <option key={h} value={h}>
                    ±{h} {h === 1 ? 'hour' : 'hours'}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className={fieldLabelClass}>
            Priority
            <select
              className={fieldClass}
              value={priority}
              onChange={(e) => setPriority(e.target.value as NinjaPriority)}
            >
              <option value="low">Low</option>
              <option value="medium">Medium</option>
              <option value="high">High</option>
            </select>
          </label>
          {services?.booking ? (
            <>
              <Switch
                checked={autoBook}
                onCheckedChange={setAutoBook}
                label="Auto-book when a space opens"
                aria-describedby="ninja-autobook-hint"
              />
              <p id="ninja-autobook-hint" className="text-sm text-muted-foreground">
                {services.booking.simulated
                  ? `Simulated: ${services.booking.name} makes a practice booking, not a reservation, and nothing is charged.`
                  : 'Auto-booking requires a saved payment method.'}
              </p>
            </>
          ) : null}
          <NinjaBookingNote services={services} />
          {emailLive ? (
            <>
              <Switch checked={notifyViaEmail} onCheckedChange={setEmail} label="E-mail notifications" />
              {notifyViaEmail ? (
                <label className={fieldLabelClass}>
                  E-mail address
                  <input
                    type="email"
                    autoComplete="email"
                    className={fieldClass}
                    value={contactEmail}
                    onChange={(e) => setContactEmail(e.target.value)}
                  />
                </label>
              ) : null}
            </>
          ) : null}
          {smsLive ? (
            <Switch
              checked={notifyViaSms}
              onCheckedChange={setSms}
              label="SMS notifications (to the phone number in Settings)"
            />
          ) : null}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Activating...' : 'Activate Ninja Booking'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Where the offered times come from, when it is not simply the chosen day's timetable. */
function SailingTimesNote({
  route,
  times,
  wanted,
  className,
}: {
  route: ReturnType<typeof ninjaRoute>;
  times: ReturnType<typeof ninjaSailingTimes>;
  wanted: string;
  className?: string;
}) {
  if (!route) return null;
  let text: string | null = null;
  if (!route.routeId) text = 'Deckhand has no timetable for this route: it watches any time.';
  else if (times.fromDate === null)
    text = 'No timetable for this route is stored on this device yet: only "Any time" can be chosen.';
  else if (times.fromDate !== wanted)
    text = `Times from the ${times.fromDate} timetable (the ${wanted} timetable is not published yet).`;
  return text ? <p className={`text-xs text-muted-foreground ${className ?? ''}`}>{text}</p> : null;
}
