import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import {
  FIRST_SCREEN_RENDERER,
  PRERENDERED_SHELLS,
  prerenderedShellFor,
  SERVER_RENDERED_GLOB,
  serverRenderedFor,
} from '@/domain/prerendered-shells';

describe('pages painted from their own HTML before any script runs (docs/ARCHITECTURE.md "First screen in the HTML")', () => {
  it('answers /app and /landing with their shells, with or without a trailing slash', () => {
    expect(prerenderedShellFor('/app')).toBe('shells/app.html');
    expect(prerenderedShellFor('/app/')).toBe('shells/app.html');
    expect(prerenderedShellFor('/landing')).toBe('shells/landing.html');
    expect(prerenderedShellFor('/landing/')).toBe('shells/landing.html');
  });

  it("answers every other path with no shell, so no page flashes home's first screen", () => {
    expect(prerenderedShellFor('/app/tracker')).toBeUndefined();
    expect(prerenderedShellFor('/app/settings/')).toBeUndefined();
    expect(prerenderedShellFor('/')).toBeUndefined();
    expect(prerenderedShellFor('')).toBeUndefined();
    expect(prerenderedShellFor('/APP')).toBeUndefined();
    expect(prerenderedShellFor('/app//')).toBeUndefined();
  });

  it('has the server fill only /app per request; /landing is the build’s file alone', () => {
    expect(serverRenderedFor('/app')).toBe('shells/app.server.html');
    expect(serverRenderedFor('/app/')).toBe('shells/app.server.html');
    expect(serverRenderedFor('/landing')).toBeUndefined();
    expect(serverRenderedFor('/app/store')).toBeUndefined();
  });

  it('keeps the per-request files out of the precache by a pattern that matches them and no shell', () => {
    expect(SERVER_RENDERED_GLOB).toBe('shells/*.server.html');
    const matchesGlob = (file: string) => /^shells\/[^/]*\.server\.html$/.test(file);
    for (const shell of PRERENDERED_SHELLS) {
      expect(matchesGlob(shell.file)).toBe(false);
      if (shell.serverRendered) expect(matchesGlob(shell.serverRendered)).toBe(true);
    }
  });

  it('names pages and a renderer that exist in the project, the renderer outside the static root', () => {
    for (const shell of PRERENDERED_SHELLS) expect(existsSync(shell.page)).toBe(true);
    expect(FIRST_SCREEN_RENDERER.dir).not.toBe('dist');
    expect(FIRST_SCREEN_RENDERER.file).toBe('first-screen.js');
  });
});
