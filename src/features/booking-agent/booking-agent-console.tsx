/**
 * The booking-agent console (membership §2 "Booking-agent console", §5, §7, §8), hosted by the admin
 * dashboard's Booking Agent tab. Unlike the spec's hard-coded test user, it monitors on behalf of a
 * rider the admin chooses (Rider ID, or a row of the active list). The Rider ID field sits outside the
 * monitoring form, so Enter there only chooses the rider; and the form offers Start or Stop only once
 * that rider's status has been read, so a monitor is never overwritten with the form's default route
 * before the admin has seen the current one.
 *
 * - 'Start Booking Agent' starts the automation system ('Booking Agent Started' / 'Failed to Start
 *   Agent').
 * - The monitoring form: departure date (default tomorrow, required), route code, from and to
 *   terminal, adults 1-20 (1), children 0-20, infants 0-10, a vehicle switch with height and length
 *   only when on, and a notification e-mail.
 * - Status (status, message, last checked) polled every 5 s; the latest alerts (first 3) every 10 s;
 *   the active list every 5 s. Start Monitoring shows with no status or a cancelled one, otherwise
 *   Stop Monitoring.
 * - The local mailbox: what the agent and Ninja Booking e-mailed or texted, and what became of it.
 */
import { useCallback, useState, type FormEvent } from 'react';

import {
  AGENT_ACTIVE_POLL_MS,
  AGENT_ALERTS_POLL_MS,
  AGENT_ALERTS_SHOWN,
  AGENT_STATUS_POLL_MS,
  tomorrowKey,
  type MonitorInput,
} from '@/domain/booking-agent';
import { activeMonitors, agentMailbox, monitorAlerts, monitorStatus } from '@/domain/contracts/booking-agent';
import { localDateKey } from '@/domain/ninja';
import { ROUTES, terminalById } from '@/domain/terminals';
import { formatClock } from '@/domain/time';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePolled } from '@/lib/use-polled';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { DateField, fieldLabelClass } from '@/ui/date-field';
import { fieldClass } from '@/ui/field';
import { Switch } from '@/ui/switch';
import { useNow } from '@/ui/use-now';

import { startAgent, startMonitoring, stopMonitoring } from './booking-agent-api';

const MAILBOX_POLL_MS = 30_000;
const terminalName = (id: string) => terminalById(id)?.name ?? id;

export function BookingAgentConsole() {
  const today = localDateKey(useNow(60_000));
  const [riderId, setRiderId] = useState('');
  const [departureDate, setDepartureDate] = useState(() => tomorrowKey(today));
  const [routeCode, setRouteCode] = useState(ROUTES[0]?.id ?? '');
  const [reversed, setReversed] = useState(false);
  const [adults, setAdults] = useState('1');
  const [children, setChildren] = useState('0');
  const [infants, setInfants] = useState('0');
  const [hasVehicle, setHasVehicle] = useState(true);
  const [vehicleHeight, setVehicleHeight] = useState<'under_7ft' | 'over_7ft'>('under_7ft');
  const [vehicleLength, setVehicleLength] = useState<'under_20ft' | '20_to_27ft' | 'over_27ft'>('under_20ft');
  const [notificationEmail, setNotificationEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const route = ROUTES.find((r) => r.id === routeCode);
  const fromTerminal = route ? (reversed ? route.to : route.from) : '';
  const toTerminal = route ? (reversed ? route.from : route.to) : '';
  const userId = /^\d+$/.test(riderId) ? Number(riderId) : null;

  const rider = userId ? { params: { userId } } : null;
  const status = usePolled(monitorStatus, rider, AGENT_STATUS_POLL_MS);
  const alerts = usePolled(monitorAlerts, rider, AGENT_ALERTS_POLL_MS);
  const active = usePolled(activeMonitors, {}, AGENT_ACTIVE_POLL_MS);
  const mailbox = usePolled(agentMailbox, {}, MAILBOX_POLL_MS);
  const current = status.data ?? null;
  // undefined: the chosen rider's status has not been read yet (null is "not monitored").
  const statusKnown = userId === null || status.data !== undefined;
  const showStart = !current || current.status === 'cancelled';

  const refresh = useCallback(() => {
    status.refresh();
    alerts.refresh();
    active.refresh();
  }, [status, alerts, active]);

  async function onStartAgent() {
    try {
      await startAgent();
      toast.success('Booking Agent Started');
      refresh();
    } catch {
      toast.error('Failed to Start Agent', { description: 'Could not initialize the booking automation system' });
    }
  }

  async function onMonitor(event: FormEvent) {
    event.preventDefault();
    if (!departureDate) {
      toast.error('Please select a departure date');
      return;
    }
    if (userId === null) {
      toast.error('Failed to Start Monitoring', { description: 'Enter the rider ID to monitor for.' });
      return;
    }
    if (!statusKnown || !showStart) return;
    const input: MonitorInput = {
      userId,
      routeCode,
      fromTerminal,
      toTerminal,
      departureDate,
      adults: clampInt(adults, 1, 20, 1),
      children: clampInt(children, 0, 20, 0),
      infants: clampInt(infants, 0, 10, 0),
      hasVehicle,
      vehicleHeight: hasVehicle ? vehicleHeight : null,
      vehicleLength: hasVehicle ? vehicleLength : null,
      notificationEmail: notificationEmail.trim() || null,
      monitoring: true,
    };
    setBusy(true);
    try {
      await startMonitoring(input);
      toast.success('Monitoring Started');
      refresh();
    } catch (error) {
      toast.error('Failed to Start Monitoring', {
        description: error instanceof ApiError ? error.userMessage : 'Could not start ferry availability monitoring',
      });
    } finally {
      setBusy(false);
    }
  }

  async function onStop() {
    if (userId === null) return;
    setBusy(true);
    try {
      await stopMonitoring(userId);
      toast.success('Monitoring Stopped');
      refresh();
    } catch (error) {
      console.warn('Stopping monitoring failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4 px-4 pb-6">
      <Card aria-labelledby="agent-control">
        <CardHeader>
          <CardTitle id="agent-control">Booking Agent</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="text-muted-foreground">
            Watches ferry availability for a rider and alerts the moment a space opens.
          </p>
          <Button onClick={() => void onStartAgent()} className="self-start">
            Start Booking Agent
          </Button>
        </CardContent>
      </Card>

      <Card aria-labelledby="agent-monitor">
        <CardHeader>
          <CardTitle id="agent-monitor">Monitor Ferry Availability</CardTitle>
        </CardHeader>
        <CardContent>
          <label className={`${fieldLabelClass} mb-3`}>
            Rider ID
            <input
              className={fieldClass}
              inputMode="numeric"
              value={riderId}
              onChange={(e) => setRiderId(e.target.value.trim())}
            />
          </label>
          <form className="flex flex-col gap-3" onSubmit={onMonitor} noValidate>
            <DateField label="Departure Date" min={today} value={departureDate} onChange={setDepartureDate} />
            <label className={fieldLabelClass}>
              Route Code
              <select className={fieldClass} value={routeCode} onChange={(e) => setRouteCode(e.target.value)}>
                {ROUTES.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.id} ({r.name})
                  </option>
                ))}
              </select>
            </label>
            <div className="grid grid-cols-2 gap-3">
              <label className={fieldLabelClass}>
                From Terminal
                <select
                  className={fieldClass}
                  value={reversed ? 'to' : 'from'}
                  onChange={(e) => setReversed(e.target.value === 'to')}
                >
                  {route ? <option value="from">{terminalName(route.from)}</option> : null}
                  {route ? <option value="to">{terminalName(route.to)}</option> : null}
                </select>
              </label>
              <label className={fieldLabelClass}>
                To Terminal
                <select
                  className={fieldClass}
                  value={reversed ? 'from' : 'to'}
                  onChange={(e) => setReversed(e.target.value === 'from')}
                >
                  {route ? <option value="to">{terminalName(route.to)}</option> : null}
                  {route ? <option value="from">{terminalName(route.from)}</option> : null}
                </select>
              </label>
              <label className={fieldLabelClass}>
                Adults
                <input
                  type="number"
                  className={fieldClass}
                  min={1}
                  max={20}
                  value={adults}
                  onChange={(e) => setAdults(e.target.value)}
                />
              </label>
              <label className={fieldLabelClass}>
                Children
                <input
                  type="number"
                  className={fieldClass}
                  min={0}
                  max={20}
                  value={children}
                  onChange={(e) => setChildren(e.target.value)}
                />
              </label>
              <label className={fieldLabelClass}>
                Infants
                <input
                  type="number"
                  className={fieldClass}
                  min={0}
                  max={10}
                  value={infants}
                  onChange={(e) => setInfants(e.target.value)}
                />
              </label>
            </div>
            <Switch checked={hasVehicle} onCheckedChange={setHasVehicle} label="Travelling with a vehicle" />
            {hasVehicle ? (
              <div className="grid grid-cols-2 gap-3">
                <label className={fieldLabelClass}>
                  Vehicle Height
                  <select
                    className={fieldClass}
                    value={vehicleHeight}
                    onChange={(e) => setVehicleHeight(e.target.value as typeof vehicleHeight)}
                  >
                    <option value="under_7ft">Under 7 ft</option>
                    <option value="over_7ft">Over 7 ft</option>
                  </select>
                </label>
                <label className={fieldLabelClass}>
                  Vehicle Length
                  <select
                    className={fieldClass}
                    value={vehicleLength}
                    onChange={(e) => setVehicleLength(e.target.value as typeof vehicleLength)}
                  >
                    <option value="under_20ft">Under 20 ft</option>
                    <option value="20_to_27ft">20 to 27 ft</option>
                    <option value="over_27ft">Over 27 ft</option>
                  </select>
                </label>
              </div>
            ) : null}
            <label className={fieldLabelClass}>
              Notification Email
              <input
                type="email"
                className={fieldClass}
                value={notificationEmail}
                onChange={(e) => setNotificationEmail(e.target.value)}
              />
            </label>
            {!statusKnown ? (
              <p className="text-muted-foreground" role="status">
                {status.error
                  ? `Could not read rider ${userId}'s status: ${status.error}`
                  : `Reading rider ${userId}'s status…`}
              </p>
            ) : showStart ? (
              <Button type="submit" disabled={busy}>
                Start Monitoring
              </Button>
            ) : (
              <Button type="button" variant="destructive" disabled={busy} onClick={() => void onStop()}>
                Stop Monitoring
              </Button>
            )}
          </form>
        </CardContent>
      </Card>

      <Card aria-labelledby="agent-status">
        <CardHeader>
          <CardTitle id="agent-status">Monitoring Status</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          {current ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="font-medium">Status</dt>
              <dd>
                <Badge variant={current.status === 'monitoring' ? 'default' : 'secondary'}>{current.status}</Badge>
              </dd>
              <dt className="font-medium">Message</dt>
              <dd>{current.message}</dd>
              <dt className="font-medium">Last Checked</dt>
              <dd>{current.lastChecked ? formatClock(current.lastChecked) : 'Not yet'}</dd>
            </dl>
          ) : (
            <p className="text-muted-foreground">
              {userId ? 'This rider is not being monitored.' : 'Enter a rider ID to see their monitoring status.'}
            </p>
          )}
          <h3 className="mt-2 font-semibold">Latest Alerts</h3>
          {alerts.data && alerts.data.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {alerts.data.slice(0, AGENT_ALERTS_SHOWN).map((alert) => (
                <li key={`${alert.timestamp}-${alert.sailingTime}`} className="rounded-md border border-border p-2">
                  <span className="font-medium">
                    {alert.routeCode} · {formatClock(alert.sailingTime)} sailing
                  </span>
                  <span className="block text-sm">
                    {alert.vehicleSpaces} vehicle spaces · {alert.passengerSpaces} passenger spaces · found{' '}
                    {formatClock(alert.timestamp)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No alerts yet.</p>
          )}
        </CardContent>
      </Card>

      <Card aria-labelledby="agent-active">
        <CardHeader>
          <CardTitle id="agent-active">Active Monitors</CardTitle>
        </CardHeader>
        <CardContent>
          {active.data && active.data.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {active.data.map((m) => (
                <li key={m.userId} className="flex items-center justify-between gap-2">
                  <span>
                    Rider {m.userId} · {m.routeCode} · {m.departureDate} · {m.status}
                  </span>
                  <Button size="sm" variant="outline" onClick={() => setRiderId(String(m.userId))}>
                    Show rider {m.userId}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No active monitors.</p>
          )}
        </CardContent>
      </Card>

      <Card aria-labelledby="agent-mailbox">
        <CardHeader>
          <CardTitle id="agent-mailbox">Outgoing Messages</CardTitle>
        </CardHeader>
        <CardContent>
          {mailbox.data && mailbox.data.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {mailbox.data.slice(0, 10).map((m) => (
                <li key={m.id} className="text-sm">
                  <span className="font-medium">{m.channel === 'email' ? 'E-mail' : 'SMS'}</span> to{' '}
                  {m.recipient ?? 'no address'}: {m.subject}{' '}
                  <Badge variant={m.status === 'sent' ? 'success' : m.status === 'failed' ? 'destructive' : 'outline'}>
                    {MAIL_STATUS[m.status]}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">Nothing sent yet.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

const MAIL_STATUS = { stored: 'in local mailbox', sent: 'sent', failed: 'failed', no_address: 'no address' } as const;

function clampInt(value: string, min: number, max: number, fallback: number): number {
  const n = Number.parseInt(value, 10);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}
