/**
 * Who books an opening and where the alert reaches the rider, said plainly on the Set Up form: with no
 * booking provider Deckhand finds the opening and alerts the rider, who books it; the channels listed
 * are the ones this server can deliver on now (GET /api/services).
 */
import type { Services } from '@/domain/services';

export function alertChannelsText(services: Services | null | undefined): string {
  const channels = ['your Deckhand inbox'];
  if (services?.channels.push ?? true) channels.push('push notifications (when you allow them)');
  if (services?.channels.email) channels.push('e-mail');
  if (services?.channels.sms) channels.push('SMS');
  return channels.length === 1
    ? channels[0]!
    : `${channels.slice(0, -1).join(', ')} and ${channels[channels.length - 1]}`;
}

export function NinjaBookingNote({ services }: { services: Services | null | undefined }) {
  return (
    <div
      className="flex flex-col gap-1 rounded-md bg-secondary p-3 text-sm"
      role="note"
      aria-label="How you hear and who books"
    >
      {services?.booking ? null : (
        <p>
          Deckhand finds the opening and alerts you; you book it yourself with BC Ferries. Auto-book is offered once a
          booking provider is connected.
        </p>
      )}
      <p>Alerts reach you in {alertChannelsText(services)}.</p>
    </div>
  );
}
