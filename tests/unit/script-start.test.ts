import { describe, expect, it } from 'vitest';

import { lowPriorityScripts, startScriptsAfterFirstPaint } from '../../scripts/prerender-shells';

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

describe('startScriptsAfterFirstPaint', () => {
  const html =
    '<head><link rel="icon" href="/icons/icon.svg">' +
    '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/first-screen-b.js">' +
    '<link rel="modulepreload" crossorigin href="/assets/landing-c.js"></head><body><div id="root"><h1>Deckhand</h1></div></body>';

  it('replaces the script and its preloads by one starter file, and keeps the rest of the page', () => {
    const { html: started, fileName } = startScriptsAfterFirstPaint(html);
    expect(fileName).toMatch(/^assets\/start-[\w-]{8}\.js$/);
    expect(started).toBe(
      `<head><link rel="icon" href="/icons/icon.svg"><script type="module" crossorigin src="/${fileName}"></script></head><body><div id="root"><h1>Deckhand</h1></div></body>`,
    );
  });

  it("adds the page's script and then each preload, each in a task of its own, once the first frame has painted; at once in a hidden tab", () => {
    const { starter } = startScriptsAfterFirstPaint(html);
    const run = (visibilityState: 'visible' | 'hidden') => {
      const added: Array<Record<string, string>> = [];
      const frames: Array<() => void> = [];
      const timers: Array<() => void> = [];
      const document = {
        visibilityState,
        createElement: (tag: string) => ({ tag }),
        head: { append: (element: Record<string, string>) => added.push(element) },
      };
      new Function('document', 'requestAnimationFrame', 'setTimeout', starter)(
        document,
        (callback: () => void) => frames.push(callback),
        (callback: () => void) => timers.push(callback),
      );
      return { added, frames, timers };
    };

    const visible = run('visible');
    expect(visible.added).toEqual([]);
    visible.frames.shift()!(); // the frame is drawn after its animation callbacks
    expect(visible.added).toEqual([]);
    visible.timers.shift()!(); // the first task after that frame
    expect(visible.added).toEqual([
      { tag: 'script', type: 'module', src: '/assets/index-a.js', crossOrigin: 'anonymous' },
    ]);
    visible.timers.shift()!();
    expect(visible.added).toHaveLength(2);
    visible.timers.shift()!();
    expect(visible.added.slice(1)).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/first-screen-b.js', crossOrigin: 'anonymous' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/landing-c.js', crossOrigin: 'anonymous' },
    ]);
    expect(visible.timers).toEqual([]);

    const hidden = run('hidden');
    expect(hidden.added.map((element) => element.tag)).toEqual(['script']);
    while (hidden.timers.length > 0) hidden.timers.shift()!();
    expect(hidden.added.map((element) => element.tag)).toEqual(['script', 'link', 'link']);
  });

  it('refuses a page without a module script', () => {
    expect(() => startScriptsAfterFirstPaint('<head></head>')).toThrow(/no module script/);
  });
});
