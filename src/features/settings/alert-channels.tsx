/**
 * "Where your alerts reach you": each delivery channel and whether it is live for this rider now —
 * the inbox always; push when the server has keys and this browser allows it; e-mail and SMS only
 * when this server can send them (GET /api/services), SMS only to a phone number in Settings.
 */
import type { DeckhandDB } from '@/data/db';
import { pushPermission, type PushPermission } from '@/data/push-subscription';
import { useServices } from '@/data/services';
import type { Services } from '@/domain/services';

const PUSH_TEXT: Record<PushPermission, string> = {
  granted: 'Live on this device',
  denied: 'Off: blocked in browser settings',
  default: 'Off until you allow notifications',
  unsupported: 'Not supported on this device',
};

export function alertChannelStates(
  services: Services | null | undefined,
  permission: PushPermission,
  phoneNumber: string | null | undefined,
): Array<[string, string]> {
  const unknown = services === null || services === undefined;
  return [
    ['In-app inbox', 'Live'],
    [
      'Push notifications',
      services && !services.channels.push ? 'Not available on this server' : PUSH_TEXT[permission],
    ],
    [
      'E-mail',
      unknown
        ? 'Not known yet (connect once)'
        : services.channels.email
          ? 'Live (Ninja Booking alerts, to the address you give)'
          : 'Not available on this server',
    ],
    [
      'SMS',
      unknown
        ? 'Not known yet (connect once)'
        : !services.channels.sms
          ? 'Not available on this server'
          : phoneNumber
            ? `Live to ${phoneNumber} (Ninja Booking alerts)`
            : 'Add a phone number above to use it',
    ],
  ];
}

export function AlertChannels({
  database,
  phoneNumber,
}: {
  database: DeckhandDB;
  phoneNumber: string | null | undefined;
}) {
  const services = useServices(database);
  return (
    <div className="mt-2 flex flex-col gap-1">
      <p className="text-sm font-medium" id="alert-channels-title">
        Where your alerts reach you
      </p>
      <dl aria-labelledby="alert-channels-title" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {alertChannelStates(services, pushPermission(), phoneNumber).map(([channel, state]) => (
          <div key={channel} className="contents">
            <dt className="text-muted-foreground">{channel}</dt>
            <dd data-testid={`channel-${channel}`}>{state}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
