/**
 * The floor of this stack, built and served for the benchmarks that compare against it
 * (bench/startup-ratio.ts, bench/lighthouse.ts): bench/bare-react/ built by Vite in the same run as the
 * app, at `/` a bare React page (one button) and at `/blank.html` the browser's own floor (one line,
 * no script, no stylesheet). Static files with a long cache, so a second load is from the HTTP cache.
 */
import { createReadStream, existsSync, mkdtempSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function serveBarePage(): Promise<{ origin: string; outDir: string; close: () => void }> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'deckhand-bare-react-'));
  await build({
    root: path.join(here, 'bare-react'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(outDir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.html') ? 'text/html' : 'text/plain';
    response.writeHead(200, {
      'content-type': type,
      'cache-control': file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { origin: `http://127.0.0.1:${port}`, outDir, close: () => server.close() };
}
