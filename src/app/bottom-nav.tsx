/**
 * The frame's bottom navigation (rider-core §2: Home, Tracker, Games, Contribute, Help). Links keep
 * the prefix the rider is using (/app or the root); NavLink marks the current one aria-current="page".
 */
import { Camera, CircleQuestionMark, Gamepad2, House, Ship, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router-dom';

import { cn } from '@/ui/cn';

export type BasePath = '' | '/app';

const ITEMS: ReadonlyArray<{ label: string; segment: string; icon: LucideIcon }> = [
  { label: 'Home', segment: '', icon: House },
  { label: 'Tracker', segment: 'tracker', icon: Ship },
  { label: 'Games', segment: 'games', icon: Gamepad2 },
  { label: 'Contribute', segment: 'contributions', icon: Camera },
  { label: 'Help', segment: 'help', icon: CircleQuestionMark },
];

export function pathFor(basePath: BasePath, segment: string): string {
  if (!segment) return basePath || '/';
  return `${basePath}/${segment}`;
}

export function BottomNav({ basePath }: { basePath: BasePath }) {
  return (
    <nav aria-label="Main" className="border-t border-border bg-surface pb-[env(safe-area-inset-bottom)]">
      <ul className="grid grid-cols-5">
        {ITEMS.map(({ label, segment, icon: Icon }) => (
          <li key={label}>
            <NavLink
              to={pathFor(basePath, segment)}
              end={segment === ''}
              className={({ isActive }) =>
                cn(
                  'flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium',
                  'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-focus',
                  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon aria-hidden="true" className="size-5" strokeWidth={isActive ? 2.5 : 2} />
                  <span className={isActive ? 'font-bold' : undefined}>{label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
