/**
 * No module reaches itself through its imports, type-only imports included. ESLint's
 * import-x/no-cycle guards value imports as one edits; it skips `import type`, and a type cycle
 * (server/db/client.ts ↔ the seed files, once) still ties modules together for readers and for
 * the compiler. This walks every import TypeScript sees, resolved as TypeScript resolves them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIRS = ['src', 'server', 'sw'];
const compilerOptions: ts.CompilerOptions = {
  baseUrl: ROOT,
  paths: { '@/*': ['./src/*'] },
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
  allowImportingTsExtensions: true,
};
const resolutionCache = ts.createModuleResolutionCache(ROOT, (name) => name, compilerOptions);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(
      ({ fileName }) => ts.resolveModuleName(fileName, file, compilerOptions, ts.sys, resolutionCache).resolvedModule,
    )
    .filter((resolved): resolved is ts.ResolvedModuleFull => Boolean(resolved) && !resolved!.isExternalLibraryImport)
    .map((resolved) => path.resolve(resolved.resolvedFileName))
    .filter((target) => !target.includes(`${path.sep}node_modules${path.sep}`));
}

/** Every cycle found by depth-first search, each as the chain of files (relative to the repo). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open')
        cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(ROOT, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('imports', () => {
  it('form no cycle in src/, server/ or sw/, counting type-only imports', () => {
    const files = DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    const graph = new Map(files.map((file) => [path.resolve(file), importsOf(file)]));
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycles(graph)).toEqual([]);
  }, 60_000);
});
