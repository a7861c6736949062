/**
 * The header bell and the rider's inbox (DESIGN.md: bell = unread notifications). The count
 * is the unread entries in the local inbox (pulled from GET /api/notifications) and is hidden at 0.
 * The bell opens the inbox dialog (./inbox-dialog.tsx), whose code loads on that first press.
 */
import { lazy, Suspense, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Bell } from 'lucide-react';
import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { Tooltip } from '@/ui/tooltip';

const InboxDialog = lazy(() => import('./inbox-dialog').then((m) => ({ default: m.InboxDialog })));

export function NotificationBell({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const [open, setOpen] = useState(false);
  // The inbox's code loads the first time it opens, then stays (its dialog animates closed and returns focus).
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  const items = useLiveQuery(() => database.notifications.orderBy('createdAt').reverse().toArray(), [database]);
  const unread = items?.filter((item) => item.readAt === null).length ?? 0;

  return (
    <>
      <Tooltip label="Notifications" align="end">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          className="relative inline-flex size-11 items-center justify-center rounded-md hover:bg-secondary focus-visible:outline-3 focus-visible:outline-focus"
        >
          <Bell aria-hidden="true" className="size-6" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="bell-count"
              className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-bold text-destructive-foreground"
            >
              {unread}
            </span>
          ) : null}
        </button>
      </Tooltip>
      {mounted ? (
        <Suspense fallback={null}>
          <InboxDialog open={open} onOpenChange={setOpen} items={items} unread={unread} database={database} />
        </Suspense>
      ) : null}
    </>
  );
}
