/**
 * Site map (membership §2): every page with the spec's access notes as display text. Roles are
 * enforced by the server (DESIGN.md), so the notes are true as well as informative. The booking-agent
 * entry is an API, not a page: it is listed as text, not linked.
 */
import { Link } from 'react-router-dom';

import { Badge } from '@/ui/badge';
import { PageHeader } from '@/ui/page-header';

type Entry = { path: string; name: string; access?: string; isPage?: boolean };
type Group = { heading: string; entries: Entry[] };

const GROUPS: Group[] = [
  {
    heading: 'Rider app',
    entries: [
      { path: '/app', name: 'Home' },
      { path: '/app/tracker', name: 'Live Tracker' },
      { path: '/app/store', name: 'Essentials Store' },
      { path: '/app/contributions', name: 'Community Contributions' },
      { path: '/app/profile', name: 'Profile' },
      { path: '/app/settings', name: 'Settings' },
      { path: '/app/ninja', name: 'Ninja Booking', access: 'Ninja members' },
      { path: '/app/games', name: 'Games' },
      { path: '/app/exception-pass', name: 'Emergency Exception Pass', access: 'Premium+' },
      { path: '/app/help', name: 'Ferry Travel Help' },
      { path: '/app/membership', name: 'Membership' },
      { path: '/app/data-sources', name: 'Data sources' },
    ],
  },
  {
    heading: 'Back office',
    entries: [
      { path: '/admin/login', name: 'Admin Login' },
      { path: '/admin/dashboard', name: 'Admin Dashboard', access: 'admin only' },
      { path: '/staff/dashboard', name: 'Staff Dashboard', access: 'staff and up' },
      { path: '/api/booking-agent', name: 'Booking-agent API', access: 'admin only', isPage: false },
    ],
  },
  {
    heading: 'Public',
    entries: [
      { path: '/landing', name: 'Landing page' },
      { path: '/site-tree', name: 'Site map' },
    ],
  },
];

export function SiteTreePage() {
  return (
    <>
      <PageHeader title="Site Map" backTo="/" backLabel="Back to Deckhand" />
      {GROUPS.map((group) => (
        <section key={group.heading} aria-labelledby={`site-${group.heading}`} className="px-4">
          <h2 id={`site-${group.heading}`} className="mb-2 text-lg font-semibold">
            {group.heading}
          </h2>
          <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
            {group.entries.map((entry) => (
              <li key={entry.path} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                <span className="flex flex-col">
                  {entry.isPage === false ? (
                    <span className="font-medium">{entry.name}</span>
                  ) : (
                    <Link
                      to={entry.path}
                      className="inline-flex min-h-6 items-center font-medium underline-offset-4 hover:underline"
                    >
                      {entry.name}
                    </Link>
                  )}
                  <code className="text-sm text-muted-foreground">{entry.path}</code>
                </span>
                {entry.access ? <Badge variant="secondary">{entry.access}</Badge> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
