/**
 * User Management (admin dashboard): search riders and set their tier; back-office accounts
 * (create staff, disable/enable, reset a password); the audit log of every change (who, what, when).
 * The server checks the admin role and writes the log.
 */
import { useState, type FormEvent } from 'react';

import type { AccountSummary as Account, RiderSummary as Rider } from '@/domain/back-office';
import { BACK_OFFICE_PASSWORD_MIN_LENGTH } from '@/domain/constants';
import {
  auditLog,
  resetAccountPassword,
  searchRiders,
  setAccountDisabled,
  setRiderTier,
} from '@/domain/contracts/admin-users';
import { createAccount, listAccounts } from '@/domain/contracts/back-office-auth';
import type { MembershipType } from '@/domain/membership';
import { formatTerminalTime } from '@/domain/time';
import { callApi } from '@/lib/api-client';
import { backOfficeCall, errorMessage } from '@/lib/back-office-call';
import { toast } from '@/lib/toast';
import { usePolled } from '@/lib/use-polled';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';

const TIERS: readonly MembershipType[] = ['free', 'premium', 'ninja', 'premium_plus', 'contributor'];
const AUDIT_POLL_MS = 30_000;

function stamp(iso: string): string {
  return formatTerminalTime(iso, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
}

function RiderSearch({ onChange }: { onChange: () => void }) {
  const [q, setQ] = useState('');
  const [riders, setRiders] = useState<Rider[] | null>(null);
  async function search(event?: FormEvent) {
    event?.preventDefault();
    try {
      setRiders(await callApi(searchRiders, { query: { q: q.trim() } }));
    } catch (e) {
      toast.error('Search failed', { description: errorMessage(e) });
    }
  }
  async function setTier(rider: Rider, membershipType: MembershipType) {
    try {
      const updated = await backOfficeCall(setRiderTier, { params: { id: rider.id }, body: { membershipType } });
      setRiders((list) => list?.map((r) => (r.id === updated.id ? updated : r)) ?? null);
      toast.success(`${rider.username} is now ${membershipType}`);
      onChange();
    } catch (e) {
      toast.error('Could not change the tier', { description: errorMessage(e) });
    }
  }
  return (
    <section aria-labelledby="riders-title" className="flex flex-col gap-2">
      <h3 id="riders-title" className="text-base font-semibold">
        Riders
      </h3>
      <form className="flex gap-2" onSubmit={(e) => void search(e)}>
        <label className="sr-only" htmlFor="rider-search">
          Search riders
        </label>
        <input
          id="rider-search"
          className={`${fieldClass} flex-1`}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Username"
        />
        <Button type="submit">Search</Button>
      </form>
      {riders?.length === 0 ? <p className="text-sm text-muted-foreground">No riders match.</p> : null}
      <ul className="flex flex-col gap-2 text-sm">
        {riders?.map((rider) => (
          <li
            key={rider.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2"
          >
            <span>
              {rider.username} <span className="text-muted-foreground">#{rider.id}</span>
            </span>
            <label className="flex items-center gap-2">
              Tier
              <select
                className={fieldClass}
                value={rider.membershipType}
                onChange={(e) => void setTier(rider, e.target.value as MembershipType)}
                aria-label={`Tier of ${rider.username}`}
              >
                {TIERS.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Accounts({ onChange }: { onChange: () => void }) {
  const { data, error, refresh } = usePolled(listAccounts, {}, AUDIT_POLL_MS);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [filter, setFilter] = useState('');
  const done = () => {
    refresh();
    onChange();
  };
  async function create(event: FormEvent) {
    event.preventDefault();
    try {
      await backOfficeCall(createAccount, { body: { username: username.trim(), password, role: 'staff' } });
      toast.success(`Staff account ${username.trim()} created`);
      setUsername('');
      setPassword('');
      done();
    } catch (e) {
      toast.error('Could not create the account', { description: errorMessage(e) });
    }
  }
  async function toggle(account: Account) {
    try {
      await backOfficeCall(setAccountDisabled, { params: { id: account.id }, body: { disabled: !account.disabled } });
      toast.success(`${account.username} ${account.disabled ? 'enabled' : 'disabled'}`);
      done();
    } catch (e) {
      toast.error('Could not change the account', { description: errorMessage(e) });
    }
  }
  async function reset(account: Account) {
    const next = window.prompt(
      `New password for ${account.username} (at least ${BACK_OFFICE_PASSWORD_MIN_LENGTH} characters)`,
    );
    if (!next) return;
    try {
      await backOfficeCall(resetAccountPassword, { params: { id: account.id }, body: { password: next } });
      toast.success(`Password of ${account.username} reset`);
      done();
    } catch (e) {
      toast.error('Could not reset the password', { description: errorMessage(e) });
    }
  }
  const shown = data?.filter((a) => a.username.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <section aria-labelledby="accounts-title" className="flex flex-col gap-2">
      <h3 id="accounts-title" className="text-base font-semibold">
        Back-office accounts
      </h3>
      <label className="flex flex-col gap-1 text-sm">
        Search accounts
        <input className={fieldClass} value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      <ul className="flex flex-col gap-2 text-sm">
        {shown?.map((account) => (
          <li
            key={account.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2"
          >
            <span>
              {account.username} · {account.role}
              {account.disabled ? ' · disabled' : ''}
            </span>
            <span className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => void toggle(account)}>
                {account.disabled ? `Enable ${account.username}` : `Disable ${account.username}`}
              </Button>
              <Button size="sm" variant="outline" onClick={() => void reset(account)}>
                Reset password
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <form className="flex flex-col gap-2 rounded-md border border-border p-3" onSubmit={(e) => void create(e)}>
        <p className="text-sm font-medium">Create a staff account</p>
        <label className="flex flex-col gap-1 text-sm">
          Staff username
          <input
            className={fieldClass}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Staff password
          <input
            type="password"
            className={fieldClass}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
          />
        </label>
        <Button type="submit" className="w-fit">
          Create Staff Account
        </Button>
      </form>
    </section>
  );
}

export function UserManagementTab() {
  const audit = usePolled(auditLog, {}, AUDIT_POLL_MS);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <RiderSearch onChange={audit.refresh} />
      <Accounts onChange={audit.refresh} />
      <section aria-labelledby="audit-title" className="flex flex-col gap-2 lg:col-span-2">
        <h3 id="audit-title" className="text-base font-semibold">
          Audit log
        </h3>
        {audit.data?.length === 0 ? <p className="text-sm text-muted-foreground">No changes yet.</p> : null}
        <ul className="flex flex-col gap-1 text-sm">
          {audit.data?.map((entry) => (
            <li key={entry.id} className="rounded-md border border-border p-2">
              <span className="text-muted-foreground">{stamp(entry.createdAt)}</span> · <strong>{entry.actor}</strong> ·{' '}
              {entry.action} · {entry.target}
              {entry.detail ? ` · ${entry.detail}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
