/**
 * Security headers on every answer (helmet's, worked out once at start), with a Content-Security-Policy the built app
 * satisfies:
 * - scripts, workers, the manifest and fonts only from the app's own origin (the service worker and
 *   Workbox are files of the build; no inline script);
 * - styles from the origin plus inline styles (React style attributes, sonner's injected sheet);
 * - images from the origin and data:/blob: URLs (camera frames are same-origin SVG; photos picked
 *   for verification are previewed as blob URLs);
 * - connections to the origin and to the realtime database: the local emulator listens on another
 *   port of the page's host (ws:/http: to it), a hosted Firebase database is named exactly, with the
 *   long-polling fallback's script and frame loads;
 * - frame-ancestors 'none' (no clickjacking), object-src 'none', base-uri and form-action 'self'.
 * Also X-Content-Type-Options: nosniff, Referrer-Policy: strict-origin-when-cross-origin, and HSTS
 * only on answers to HTTPS requests (a plain-http localhost run must stay reachable).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

import type { ClientRealtimeConfig } from '@/domain/realtime';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** Origins (with the scheme variants the Firebase client uses) of the realtime database. */
function realtimeSources(realtime: ClientRealtimeConfig): { connect: string[]; script: string[] } {
  if (realtime.emulator) {
    // The emulator is on the page's host at its own port; CSP cannot say "this host, that port"
    // without naming the host, which differs per visitor (localhost, LAN address), so the schemes.
    return {
      connect: [
        'ws:',
        'wss:',
        `http://localhost:${realtime.emulator.port}`,
        `http://127.0.0.1:${realtime.emulator.port}`,
      ],
      script: [],
    };
  }
  const url = new URL(realtime.databaseURL);
  const host = url.host;
  return { connect: [`https://${host}`, `wss://${host}`, 'wss://*.firebaseio.com'], script: [`https://${host}`] };
}

/**
 * The headers helmet sets for `options`, worked out once: they depend on the options only, and
 * helmet's Fastify plugin builds its middleware (the CSP string included) again for every request.
 */
function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const collect = {
    setHeader(name: string, value: string) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, collect, () => undefined);
  return headers;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  deps: { realtime: ClientRealtimeConfig },
): Promise<void> {
  const sources = realtimeSources(deps.realtime);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...sources.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...sources.connect],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        frameSrc: sources.script.length > 0 ? sources.script : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Sent below only when the request came over HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The app loads nothing cross-origin that would need these relaxed; keep helmet's defaults.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
    return payload;
  });
}
