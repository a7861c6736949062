/**
 * Vite plugin: marks the chunks every page runs at start with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad` as the file's first line). Chromium then compiles all of their
 * functions while the file streams in, off the main thread, instead of one by one on the main thread
 * the first time each is called during start-up. Other browsers ignore the comment. Lazy chunks are
 * left alone: most of their functions may never run.
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

export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'deckhand-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk' || !(item.isEntry || chunkNames.includes(item.name))) continue;
          const chunk = item as OutputChunk;
          chunk.code = COMPILE_HINT + chunk.code;
          shiftSourceMap(bundle, chunk);
          recompress(bundle, chunk.fileName, chunk.code);
        }
      },
    },
  };
}
