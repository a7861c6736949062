/**
 * Vite plugin: marks the chunks every page runs at start with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad` as the file's first line). Chromium then compiles all of their
 * functions while the file streams in, off the main thread, instead of one by one on the main thread
 * the first time each is called during start-up. Other browsers ignore the comment. Lazy chunks are
 * left alone: most of their functions may never run.
 *
 * The start-up set is each entry, the chunks named here (those the first screen loads at once by a
 * dynamic import, e.g. home's file and the sync) and everything they import statically, followed
 * through the bundle's import graph: a group split off later (the component runtime, the API client)
 * is hinted without being named. Measured when only the entry and home's file were hinted: ~30 ms of
 * compiling on the main thread during /app's start-up at full speed, ~3 ms with the whole set
 * (bench/README.md).
 *
 * Runs after Vite's own generateBundle (which puts its preload helper at the top of the entry) and
 * so after vite-plugin-compression2 has written the brotli and gzip copies: it writes those again.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function recompress(bundle: OutputBundle, fileName: string, code: string): void {
  const copies: Array<[string, () => Buffer]> = [
    [
      `${fileName}.br`,
      () => brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    ],
    [`${fileName}.gz`, () => gzipSync(code, { level: 9 })],
  ];
  for (const [copy, compress] of copies) {
    const asset = bundle[copy];
    if (asset?.type === 'asset') (asset as OutputAsset).source = compress();
  }
}

/** The source map's lines move down by one with the code: an empty first line in `mappings`. */
function shiftSourceMap(bundle: OutputBundle, chunk: OutputChunk): void {
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  const file = bundle[`${chunk.fileName}.map`];
  if (file?.type !== 'asset') return;
  const map = JSON.parse(String((file as OutputAsset).source)) as { mappings: string };
  map.mappings = `;${map.mappings}`;
  (file as OutputAsset).source = JSON.stringify(map);
}

/** The entries and the named chunks, with every chunk they import statically, at any depth. */
function startUpChunks(bundle: OutputBundle, chunkNames: readonly string[]): OutputChunk[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const found = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const fileName of chunk.imports) visit(bundle[fileName] as OutputChunk | undefined);
  };
  for (const chunk of chunks) if (chunk.isEntry || chunkNames.includes(chunk.name)) visit(chunk);
  return [...found.values()];
}

export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'deckhand-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of startUpChunks(bundle, chunkNames)) {
          chunk.code = COMPILE_HINT + chunk.code;
          shiftSourceMap(bundle, chunk);
          recompress(bundle, chunk.fileName, chunk.code);
        }
      },
    },
  };
}
