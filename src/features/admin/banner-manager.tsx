/**
 * Banner management (admin Settings): the banners riders see on home. Create one, edit its text,
 * schedule it (from/until, terminal time) or expire it; the server keeps the schedule and audits it.
 */
import { useState, type FormEvent } from 'react';

import type { AdminBanner } from '@/domain/admin-banner';
import { createBanner, listBanners, updateBanner } from '@/domain/contracts/admin-banners';
import { terminalLocalToIso } from '@/domain/exception-pass';
import { formatTerminalTime, terminalOffsetMs } from '@/domain/time';
import { backOfficeCall, errorMessage } from '@/lib/back-office-call';
import { toast } from '@/lib/toast';
import { usePolled } from '@/lib/use-polled';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';

const BANNER_POLL_MS = 60_000;

function schedule(b: AdminBanner): string {
  const at = (iso: string) =>
    formatTerminalTime(iso, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  if (!b.active) return 'Expired';
  if (b.startsAt && b.endsAt) return `${at(b.startsAt)} – ${at(b.endsAt)}`;
  if (b.startsAt) return `From ${at(b.startsAt)}`;
  if (b.endsAt) return `Until ${at(b.endsAt)}`;
  return 'Always shown';
}

export function BannerManager() {
  const { data, error, refresh } = usePolled(listBanners, {}, BANNER_POLL_MS);
  const [editing, setEditing] = useState<AdminBanner | null>(null);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');

  function edit(b: AdminBanner | null) {
    setEditing(b);
    setTitle(b?.title ?? '');
    setMessage(b?.message ?? '');
    setFrom('');
    setUntil('');
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = {
      title,
      message,
      icon: editing?.icon ?? 'info',
      dismissible: editing?.dismissible ?? true,
      sortOrder: editing?.sortOrder ?? 0,
      active: true,
      startsAt: from ? terminalLocalToIso(from, terminalOffsetMs) : (editing?.startsAt ?? null),
      endsAt: until ? terminalLocalToIso(until, terminalOffsetMs) : (editing?.endsAt ?? null),
    };
    try {
      if (editing) await backOfficeCall(updateBanner, { params: { id: editing.id }, body });
      else await backOfficeCall(createBanner, { body });
      toast.success(editing ? 'Banner saved' : 'Banner created');
      edit(null);
      refresh();
    } catch (e) {
      toast.error('Could not save the banner', { description: errorMessage(e) });
    }
  }

  async function expire(b: AdminBanner) {
    try {
      await backOfficeCall(updateBanner, { params: { id: b.id }, body: { ...b, active: false } });
      toast.success(`Banner “${b.title}” expired`);
      refresh();
    } catch (e) {
      toast.error('Could not expire the banner', { description: errorMessage(e) });
    }
  }

  return (
    <section aria-labelledby="banners-title" className="flex flex-col gap-3">
      <h3 id="banners-title" className="text-base font-semibold">
        Banners
      </h3>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      <ul className="flex flex-col gap-2 text-sm">
        {data?.map((b) => (
          <li
            key={b.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2"
          >
            <span>
              <strong>{b.title}</strong> · {b.message} · <span className="text-muted-foreground">{schedule(b)}</span>
            </span>
            <span className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => edit(b)} aria-label={`Edit banner ${b.title}`}>
                Edit
              </Button>
              {b.active ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void expire(b)}
                  aria-label={`Expire banner ${b.title}`}
                >
                  Expire
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <form className="flex flex-col gap-2 rounded-md border border-border p-3" onSubmit={(e) => void save(e)}>
        <p className="text-sm font-medium">{editing ? `Edit “${editing.title}”` : 'New banner'}</p>
        <label className="flex flex-col gap-1 text-sm">
          Banner title
          <input className={fieldClass} value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Banner message
          <input className={fieldClass} value={message} onChange={(e) => setMessage(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Show from (optional)
          <input type="datetime-local" className={fieldClass} value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Show until (optional)
          <input
            type="datetime-local"
            className={fieldClass}
            value={until}
            onChange={(e) => setUntil(e.target.value)}
          />
        </label>
        <span className="flex gap-2">
          <Button type="submit">{editing ? 'Save Banner' : 'Create Banner'}</Button>
          {editing ? (
            <Button type="button" variant="outline" onClick={() => edit(null)}>
              Cancel
            </Button>
          ) : null}
        </span>
      </form>
    </section>
  );
}
