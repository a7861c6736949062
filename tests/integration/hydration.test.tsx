/**
 * Taking the server's HTML over (src/main.tsx hydrates /app): hydration adopts the HTML's elements
 * and attributes without comparing them, so the first render must show what the HTML shows and the
 * browser's values must follow in a render of their own, or an attribute the HTML had stays on screen.
 */
import { act } from '@testing-library/preact';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { useAppRunning } from '@/ui/use-app-running';

function Picker() {
  const running = useAppRunning();
  return (
    <select aria-label="Your terminal" disabled={!running}>
      <option>Horseshoe Bay</option>
    </select>
  );
}

describe('taking the HTML over', () => {
  it("renders what the HTML shows first, then the browser's value: the control disabled in the HTML is enabled", async () => {
    const html = renderToString(<Picker />);
    expect(html).toContain('disabled');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const htmlPicker = container.querySelector('select')!;

    // As src/main.tsx takes /app over.
    act(() => {
      hydrateRoot(container, <Picker />);
    });

    const picker = container.querySelector('select')!;
    expect(picker).toBe(htmlPicker); // adopted, not built again
    await expect.poll(() => picker.disabled).toBe(false);
    container.remove();
  });
});
