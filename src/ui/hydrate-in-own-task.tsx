/**
 * Hydration in pieces. A page that arrives with its HTML (/app's first screen, src/app/prerender.tsx)
 * is taken over by one render that walks all of it: on a slow phone one long task. A part wrapped in
 * `HydrateInOwnTask` is skipped by that render, its HTML kept on screen as it is, and taken over in a
 * task of its own right after (the component runtime keeps a part that suspends while hydrating, and
 * resumes it when its promise settles). Nothing on screen changes: the part's wrapper is a
 * `display: contents` box in the HTML and in every render, so it adds no box to the layout; its
 * buttons and links answer once their task has run, a few milliseconds later. Outside hydration
 * (a page rendered into an empty root, the server, tests) it renders its children at once.
 */
import { Suspense, useState, type ReactNode } from 'react';

import { yieldToMain } from '@/lib/time-slice';

let hydrating = false;

/** Runs `hydrate` (the page's `hydrateRoot`) with the parts wrapped in `HydrateInOwnTask` left for later tasks. */
export function hydrateInPieces(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** While the page hydrates: the next task, and whether it has come. */
interface Wait {
  next: Promise<void>;
  come: boolean;
}

function TakenOverLater({ children }: { children: ReactNode }) {
  const [wait] = useState((): Wait | undefined => {
    if (!hydrating) return undefined;
    const made: Wait = { next: yieldToMain().then(() => void (made.come = true)), come: false };
    return made;
  });
  if (wait && !wait.come) throw wait.next;
  return <div className="contents">{children}</div>;
}

export function HydrateInOwnTask({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <TakenOverLater>{children}</TakenOverLater>
    </Suspense>
  );
}
