import { describe, expect, it } from 'vitest';
import { lowPriorityScripts } from '../../scripts/prerender-shells';

describe('lowPriorityScripts', () => {
  it('fetches the module script and its modulepreloads at low priority, and leaves everything else alone', () => {
    const html = [
      '<link rel="icon" href="/icons/icon.svg">',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/first-screen-b.js">',
      '<link rel="modulepreload" crossorigin href="/assets/home-c.js">',
      '<link rel="manifest" href="/manifest.webmanifest">',
    ].join('');
    expect(lowPriorityScripts(html)).toBe(
      [
        '<link rel="icon" href="/icons/icon.svg">',
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script>',
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/first-screen-b.js">',
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-c.js">',
        '<link rel="manifest" href="/manifest.webmanifest">',
      ].join(''),
    );
  });
});
