/**
 * The header bell and the rider's inbox (DESIGN.md: bell = unread notifications). The count
 * is the unread entries in the local inbox (pulled from GET /api/notifications) and is hidden at 0.
 * The bell opens a dialog listing the notifications, newest first, each with "Mark read" while
 * unread, plus "Mark all read". An entry's link opens where its alert points (e.g. the away overlay).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { db as defaultDatabase, META, type DeckhandDB, type NotificationRow } from '@/data/db';
import { markAllNotificationsRead, markNotificationRead } from '@/data/notifications';
import { formatClock } from '@/domain/time';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { Dialog } from '@/ui/dialog';
import { Tooltip } from '@/ui/tooltip';

export function NotificationBell({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const [open, setOpen] = useState(false);
  const items = useLiveQuery(() => database.notifications.orderBy('createdAt').reverse().toArray(), [database]);
  const unread = items?.filter((item) => item.readAt === null).length ?? 0;
  const held = useLiveQuery(async () => {
    const value = (await database.meta.get(META.notificationsHeld))?.value;
    return typeof value === 'number' ? value : 0;
  }, [database]);

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
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Notifications"
        footer={
          unread > 0 ? (
            <Button variant="outline" onClick={() => void markAllNotificationsRead(database)}>
              Mark all read
            </Button>
          ) : null
        }
      >
        {held ? (
          <p role="status" className="mb-2 rounded-md bg-secondary p-2 text-sm">
            {held === 1 ? '1 alert is' : `${held} alerts are`} held by your quiet hours:{' '}
            {held === 1 ? 'it comes' : 'they come'} when they end.
          </p>
        ) : null}
        {items && items.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {items.map((item) => (
              <InboxItem
                key={item.id}
                item={item}
                onRead={() => void markNotificationRead(database, item.id)}
                onOpen={() => setOpen(false)}
              />
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No notifications yet.</p>
        )}
      </Dialog>
    </>
  );
}

function InboxItem({ item, onRead, onOpen }: { item: NotificationRow; onRead: () => void; onOpen: () => void }) {
  const unread = item.readAt === null;
  return (
    <li className={cn('rounded-md border p-3 text-sm', unread ? 'border-primary bg-secondary' : 'border-border')}>
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">
          {unread ? <span className="sr-only">Unread: </span> : null}
          {item.title}
        </span>
        <span className="text-xs text-muted-foreground">{formatClock(item.createdAt)}</span>
      </p>
      <p>{item.body}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Link to={item.url} onClick={onOpen} className="inline-flex min-h-9 items-center font-medium underline">
          Open
        </Link>
        {unread ? (
          <Button size="sm" variant="outline" onClick={onRead} aria-label={`Mark read: ${item.title}`}>
            Mark read
          </Button>
        ) : null}
      </div>
    </li>
  );
}
