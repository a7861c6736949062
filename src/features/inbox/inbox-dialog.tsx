/**
 * The rider's inbox, opened from the header bell (src/features/inbox/notification-bell.tsx): the
 * notifications newest first, each with "Mark read" while unread and a link to where its alert
 * points, plus "Mark all read". Its code loads the first time the bell is pressed.
 */
import { Link } from 'react-router-dom';
import type { DeckhandDB, NotificationRow } from '@/data/db';
import { formatClock } from '@/domain/time';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { Dialog } from '@/ui/dialog';
import { markAllNotificationsRead, markNotificationRead } from './mark-read';

interface InboxDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The inbox, newest first (undefined while the first read is on its way). */
  items: NotificationRow[] | undefined;
  unread: number;
  database: DeckhandDB;
}

export function InboxDialog({ open, onOpenChange, items, unread, database }: InboxDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Notifications"
      footer={
        unread > 0 ? (
          <Button variant="outline" onClick={() => void markAllNotificationsRead(database)}>
            Mark all read
          </Button>
        ) : null
      }
    >
      {items && items.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <InboxItem key={item.id} item={item} onRead={() => void markNotificationRead(database, item.id)} onOpen={() => onOpenChange(false)} />
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">No notifications yet.</p>
      )}
    </Dialog>
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
