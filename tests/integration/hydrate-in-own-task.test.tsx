/**
 * Hydration in pieces (src/ui/hydrate-in-own-task.tsx): /app's first render takes the page's HTML
 * over but leaves a wrapped part to a task of its own. The part's HTML stays on screen as it is, is
 * adopted (not built again), and its controls answer once that task has run.
 */
import { render, screen } from '@testing-library/preact';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';

import { HydrateInOwnTask, hydrateInPieces } from '@/ui/hydrate-in-own-task';

it('takes a wrapped part over in a later task, adopting its HTML; the rest answers at once', async () => {
  const pressed: string[] = [];
  const page = (
    <main>
      <button type="button" onClick={() => pressed.push('Settings')}>
        Settings
      </button>
      <HydrateInOwnTask>
        <nav aria-label="Main">
          <button type="button" onClick={() => pressed.push('Home')}>
            Home
          </button>
        </nav>
      </HydrateInOwnTask>
    </main>
  );
  const html = renderToString(page);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const [settings, home] = [...container.querySelectorAll('button')];

  hydrateInPieces(() => hydrateRoot(container, page));

  settings!.click();
  home!.click();
  expect(pressed).toEqual(['Settings']); // the wrapped part is still the HTML alone
  await expect
    .poll(() => {
      home!.click();
      return pressed.includes('Home');
    })
    .toBe(true);
  expect([...container.querySelectorAll('button')]).toEqual([settings, home]); // adopted, not built again
  expect(container.innerHTML).toBe(html); // nothing on screen changed
  container.remove();
});

it('renders its part at once outside hydration (a page drawn into an empty root, the server)', () => {
  render(
    <HydrateInOwnTask>
      <p>Next sailing</p>
    </HydrateInOwnTask>,
  );
  expect(screen.getByText('Next sailing')).toBeTruthy();
  expect(renderToString(<HydrateInOwnTask>{'Next sailing'}</HydrateInOwnTask>)).toBe(
    '<div class="contents">Next sailing</div>',
  );
});
