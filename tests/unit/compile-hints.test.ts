import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';

import { compileHints } from '../../scripts/compile-hints';

const HINT = '//# allFunctionsCalledOnLoad\n';

function chunk(fileName: string, name: string, isEntry: boolean, imports: string[] = []): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    name,
    isEntry,
    imports,
    code: `console.log(${JSON.stringify(name)});`,
    map: null,
  } as unknown as OutputChunk;
}
function asset(fileName: string, source: string | Uint8Array): OutputAsset {
  return { type: 'asset', fileName, source } as unknown as OutputAsset;
}

function build(): OutputBundle {
  return {
    'assets/index-a.js': chunk('assets/index-a.js', 'index', true, ['assets/runtime-d.js']),
    'assets/index-a.js.map': asset('assets/index-a.js.map', JSON.stringify({ version: 3, mappings: 'AAAA' })),
    'assets/index-a.js.br': asset('assets/index-a.js.br', 'stale'),
    'assets/index-a.js.gz': asset('assets/index-a.js.gz', 'stale'),
    'assets/first-screen-b.js': chunk('assets/first-screen-b.js', 'first-screen', false, ['assets/api-e.js']),
    'assets/tracker-c.js': chunk('assets/tracker-c.js', 'tracker-page', false, [
      'assets/runtime-d.js',
      'assets/chart-f.js',
    ]),
    'assets/runtime-d.js': chunk('assets/runtime-d.js', 'ui-runtime', false, ['assets/index-a.js']),
    'assets/api-e.js': chunk('assets/api-e.js', 'api', false, ['assets/runtime-d.js']),
    'assets/chart-f.js': chunk('assets/chart-f.js', 'chart', false),
  } as OutputBundle;
}

function run(bundle: OutputBundle): void {
  const hook = compileHints(['first-screen']).generateBundle as {
    handler: (options: unknown, bundle: OutputBundle) => void;
  };
  hook.handler({}, bundle);
}

describe('compile hints on the chunks every page runs at start', () => {
  it('puts the hint on the first line of the entry and the named chunks, not on lazy chunks', () => {
    const bundle = build();
    run(bundle);
    expect((bundle['assets/index-a.js'] as OutputChunk).code).toBe(`${HINT}console.log("index");`);
    expect((bundle['assets/first-screen-b.js'] as OutputChunk).code.startsWith(HINT)).toBe(true);
    expect((bundle['assets/tracker-c.js'] as OutputChunk).code.startsWith(HINT)).toBe(false);
  });

  it('hints what the entry and the named chunks import statically, at any depth, once each', () => {
    const bundle = build();
    run(bundle);
    const hinted = (file: string) => (bundle[file] as OutputChunk).code;
    // The entry's import (which imports the entry back) and the named chunk's import.
    expect(hinted('assets/runtime-d.js')).toBe(`${HINT}console.log("ui-runtime");`);
    expect(hinted('assets/api-e.js')).toBe(`${HINT}console.log("api");`);
    expect(hinted('assets/index-a.js')).toBe(`${HINT}console.log("index");`);
    // Imported only by a lazy chunk.
    expect(hinted('assets/chart-f.js').startsWith(HINT)).toBe(false);
  });

  it('moves the source map down one line with the code', () => {
    const bundle = build();
    run(bundle);
    const map = JSON.parse(String((bundle['assets/index-a.js.map'] as OutputAsset).source)) as { mappings: string };
    expect(map.mappings).toBe(';AAAA');
  });

  it('writes the brotli and gzip copies again, so the server sends what the file says', () => {
    const bundle = build();
    run(bundle);
    const code = (bundle['assets/index-a.js'] as OutputChunk).code;
    expect(brotliDecompressSync((bundle['assets/index-a.js.br'] as OutputAsset).source as Uint8Array).toString()).toBe(
      code,
    );
    expect(gunzipSync((bundle['assets/index-a.js.gz'] as OutputAsset).source as Uint8Array).toString()).toBe(code);
  });
});
