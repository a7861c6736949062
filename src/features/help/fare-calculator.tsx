/**
 * Fare calculator (rider-core §2 Help page, §5, §9): route, passengers 0-20 per type (adults 12+,
 * children 5-11, infants 0-4 free), vehicle type and bicycles where the route prices them, the peak
 * toggle with its multiplier, and a breakdown down to the 12 % tax and the total. All arithmetic is
 * src/domain/fares.ts (integer cents); the fare table comes from the local cache of GET /api/fares.
 */
import { useId, useState } from 'react';

import {
  bicyclePriced,
  clampCount,
  EMPTY_FARE_REQUEST,
  FARE_TAX_PERCENT,
  PASSENGER_MAX,
  PASSENGER_MIN,
  PASSENGER_TYPES,
  quoteFare,
  vehicleTypesFor,
  type Fare,
  type FareRequest,
  type PassengerKey,
  type VehicleType,
} from '@/domain/fares';
import { formatCad, toCents } from '@/domain/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { fieldClass } from '@/ui/field';
import { Switch } from '@/ui/switch';

function CountField({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={PASSENGER_MIN}
        max={PASSENGER_MAX}
        step={1}
        value={value}
        onChange={(event) => onChange(clampCount(event.target.valueAsNumber))}
        className={fieldClass}
      />
    </div>
  );
}

/** The request with anything the chosen route does not price turned off. */
function fitToRoute(fare: Fare, request: FareRequest): FareRequest {
  const vehicle: VehicleType = vehicleTypesFor(fare).some((type) => type.key === request.vehicle)
    ? request.vehicle
    : 'none';
  return { ...request, vehicle, bicycles: bicyclePriced(fare) ? request.bicycles : 0 };
}

export function FareCalculator({ fares }: { fares: readonly Fare[] }) {
  const titleId = useId();
  const routeId = useId();
  const vehicleId = useId();
  const [chosenRoute, setChosenRoute] = useState<string | null>(null);
  const [request, setRequest] = useState<FareRequest>(EMPTY_FARE_REQUEST);
  const fare = fares.find((f) => f.routeId === chosenRoute) ?? fares[0];

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Fare Calculator</CardTitle>
        <CardDescription>
          Fares in CAD. Infants travel free; tax of {FARE_TAX_PERCENT}% applies to the subtotal.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!fare ? (
          <p className="text-sm text-muted-foreground">The fare table loads the first time you are online.</p>
        ) : (
          <FareForm
            fare={fare}
            fares={fares}
            request={fitToRoute(fare, request)}
            ids={{ routeId, vehicleId }}
            onRoute={setChosenRoute}
            onChange={setRequest}
          />
        )}
      </CardContent>
    </Card>
  );
}

function FareForm({
  fare,
  fares,
  request,
  ids,
  onRoute,
  onChange,
}: {
  fare: Fare;
  fares: readonly Fare[];
  request: FareRequest;
  ids: { routeId: string; vehicleId: string };
  onRoute: (routeId: string) => void;
  onChange: (request: FareRequest) => void;
}) {
  const quote = quoteFare(fare, request);
  const set = (patch: Partial<FareRequest>) => onChange({ ...request, ...patch });
  const vehicles = vehicleTypesFor(fare);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.routeId} className="text-sm font-medium">
          Route
        </label>
        <select
          id={ids.routeId}
          value={fare.routeId}
          onChange={(event) => onRoute(event.target.value)}
          className={fieldClass}
        >
          {fares.map((f) => (
            <option key={f.routeId} value={f.routeId}>
              {f.routeName}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="grid grid-cols-3 gap-2">
        <legend className="mb-1 text-sm font-medium">Passengers</legend>
        {PASSENGER_TYPES.map((type) => (
          <CountField
            key={type.key}
            label={`${type.label} (${type.ages})`}
            value={request[type.key as PassengerKey]}
            onChange={(value) => set({ [type.key]: value })}
          />
        ))}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.vehicleId} className="text-sm font-medium">
          Vehicle
        </label>
        <select
          id={ids.vehicleId}
          value={request.vehicle}
          onChange={(event) => set({ vehicle: event.target.value as VehicleType })}
          className={fieldClass}
        >
          {vehicles.map((type) => (
            <option key={type.key} value={type.key}>
              {type.field === null ? type.label : `${type.label} (${formatCad(toCents(fare[type.field] ?? '0'))})`}
            </option>
          ))}
        </select>
      </div>
      {bicyclePriced(fare) ? (
        <CountField
          label={`Bicycles (${formatCad(toCents(fare.bicycle ?? '0'))} each)`}
          value={request.bicycles}
          onChange={(value) => set({ bicycles: value })}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Bicycles are not priced on this route.</p>
      )}
      <Switch
        checked={request.peak}
        onCheckedChange={(peak) => set({ peak })}
        label={`Peak sailing (×${fare.peakMultiplier})`}
      />
      <dl className="flex flex-col gap-1 rounded-md bg-secondary p-3 text-sm" aria-label="Fare breakdown">
        {quote.lines.map((line) => (
          <div key={line.label} className="flex justify-between gap-2">
            <dt>
              {line.quantity} × {line.label} ({formatCad(line.unitCents)})
            </dt>
            <dd>{line.unitCents === 0 ? 'Free' : formatCad(line.amountCents)}</dd>
          </div>
        ))}
        {request.peak ? (
          <div className="flex justify-between gap-2">
            <dt>Peak surcharge (×{quote.multiplier})</dt>
            <dd>{formatCad(quote.peakSurchargeCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-2 border-t border-border pt-1">
          <dt>Subtotal</dt>
          <dd data-testid="fare-subtotal">{formatCad(quote.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>Tax ({FARE_TAX_PERCENT}%)</dt>
          <dd data-testid="fare-tax">{formatCad(quote.taxCents)}</dd>
        </div>
        <div className="flex justify-between gap-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="fare-total">{formatCad(quote.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
