/**
 * The floor of this stack for bench/startup-ratio.ts: a bare React page built by Vite in the same run
 * as the app, on the same runtime (`react` and `react-dom` as installed: Preact's React layer,
 * docs/DESIGN.md), one button, nothing else.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Count {count}
    </button>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Counter />
  </StrictMode>,
);
