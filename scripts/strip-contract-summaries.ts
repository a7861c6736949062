/**
 * Vite plugin (builds only): drops each contract's `summary` from the client's bundles. The summary is
 * a line for the API reference (/api/docs), which the server generates from its own copy of the
 * contracts; no client code reads it, and a page would otherwise carry every contract's sentence.
 * A contract file with a summary written in a form this does not recognise fails the build, so
 * nothing is left in silently.
 */
import type { Plugin } from 'vite';

/** The files that declare contracts (contract.ts only defines what one is). */
const CONTRACT_FILE = /\/src\/domain\/contracts\/(?!contract\.ts$)[^/]+\.ts$/;
/** `summary: '…',` (or "…", or `…`), on its line or on the next one, as Prettier writes it. */
const SUMMARY = /\n[ \t]*summary:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`),(?=\n)/g;

/** The contract module's source without its summaries; throws when one is left. */
export function stripContractSummaries(code: string, id: string): string {
  const stripped = code.replace(SUMMARY, '');
  if (/\bsummary:/.test(stripped))
    throw new Error(`${id}: a contract summary this plugin cannot remove (write it as summary: '…',)`);
  return stripped;
}

export function stripSummariesFromContracts(): Plugin {
  return {
    name: 'deckhand:strip-contract-summaries',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_FILE.test(id.split('?')[0] ?? id)) return null;
      return { code: stripContractSummaries(code, id), map: null };
    },
  };
}
