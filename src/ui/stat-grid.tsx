/** A two-column grid of labelled figures (<dl>): `<StatGrid><Stat label="Leave by">8:15</Stat></StatGrid>`. */
import type { ReactNode } from 'react';

export function StatGrid({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-2 text-sm">{children}</dl>;
}

export function Stat({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
