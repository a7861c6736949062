/**
 * Gzipped JavaScript needed to render /app (target ≤ 160 KB): the entry chunk and the home
 * route's chunk plus everything they import statically, from Vite's build manifest. Lazily loaded
 * chunks (other pages, firebase) are listed separately: they are not needed for the first render.
 * Also counts the zod schemas the modules in those files build when they are evaluated (every file is
 * evaluated whole before the first render, and building a schema is most of what evaluating the
 * app's own modules costs): the files' sources are read from their source maps and imported here,
 * with zod's post-construction hook counting. The count is machine-independent.
 * Run after `npm run build`: `npx tsx bench/bundle-size.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = path.resolve('dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const HOME_ROUTE_SRC = 'src/app/pages/home-page.tsx';
/** The chunk vite.config.ts groups home's first screen into (the home route has no chunk of its own then). */
const FIRST_SCREEN_CHUNK = 'first-screen';

function collect(key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, into);
}

const needed = new Set<string>();
/** The app's entry (index.html's script); /landing's own script is an entry too, but /app never runs it. */
const APP_ENTRY_KEY = 'index.html';
if (!manifest[APP_ENTRY_KEY]?.isEntry) console.warn(`No entry for ${APP_ENTRY_KEY} in the manifest`);
collect(APP_ENTRY_KEY, needed);
const homeKey = Object.keys(manifest).find(
  (k) => k === HOME_ROUTE_SRC || manifest[k]?.src === HOME_ROUTE_SRC || manifest[k]?.name === FIRST_SCREEN_CHUNK,
);
if (homeKey) collect(homeKey, needed);
else console.warn(`No chunk for ${HOME_ROUTE_SRC}: is the home page lazy-loaded?`);

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const jsNeeded = [...needed].filter((f) => f.endsWith('.js'));
const neededBytes = jsNeeded.reduce((sum, f) => sum + gz(f), 0);
const allJs = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
const lazyBytes = allJs.filter((f) => !needed.has(f)).reduce((sum, f) => sum + gz(f), 0);
const firebaseChunks = Object.entries(manifest)
  .filter(([key]) => key.includes('node_modules/firebase') || key.includes('node_modules/@firebase'))
  .map(([, c]) => c.file);

console.log('Bundle: gzipped JS needed to render /app');
for (const f of jsNeeded) console.log(`  ${(gz(f) / 1024).toFixed(1).padStart(7)} KB  ${f}`);
console.log(`  total ${(neededBytes / 1024).toFixed(1)} KB (target ≤ 160 KB) in ${jsNeeded.length} files`);
console.log(
  `  lazily loaded JS: ${(lazyBytes / 1024).toFixed(1)} KB gzipped in ${allJs.length - jsNeeded.length} files`,
);
console.log(`  firebase in the initial set: ${firebaseChunks.some((f) => needed.has(f)) ? 'YES' : 'no'}`);

/** The app's own modules (src/) in `files`, from each file's source map. */
function sourceModules(files: readonly string[]): string[] {
  const modules = new Set<string>();
  for (const file of files) {
    const map = path.join(dist, `${file}.map`);
    if (!existsSync(map)) continue;
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const absolute = path.resolve(path.dirname(path.join(dist, file)), source);
      if (absolute.startsWith(path.resolve('src') + path.sep) && /\.tsx?$/.test(absolute)) modules.add(absolute);
    }
  }
  return [...modules];
}

let schemasBuilt = 0;
// zod calls this after building each schema (zod/v4/core's $constructor).
(globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig = { postProcessor: () => void schemasBuilt++ };
const modules = sourceModules(jsNeeded);
const skipped: string[] = [];
for (const module of modules) {
  try {
    await import(module);
  } catch {
    // The entry: it imports the stylesheet.
    skipped.push(path.relative(process.cwd(), module));
  }
}
// A count of 0 from modules that hold schemas means zod no longer calls the hook: say so, not "0".
if (schemasBuilt === 0 && modules.length > 0)
  console.warn('  zod schemas: none counted (does zod still call __zod_globalConfig.postProcessor?)');
console.log(
  `  zod schemas the app's modules in these files build when evaluated: ${schemasBuilt} (${modules.length} modules${skipped.length ? `; not importable here: ${skipped.join(', ')}` : ''})`,
);
