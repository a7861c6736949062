/**
 * Vite plugin (builds only): the client's copy of each contract keeps what the client reads, its
 * `method`, `path` and `responses` (callApi builds the request from the first two and checks the
 * answer against the third), and drops the rest: the reference summary and tag, the access, and the
 * params, query and body schemas, which only the server checks (it registers its routes from its own
 * copy of the contracts, and generates /api/docs from them). A page would otherwise carry, for every
 * endpoint it calls, schemas it never runs and the zod checks they alone use.
 *
 * Contracts are found by syntax: every `defineContract({ … })` call in a contract file. A contract
 * whose argument is not an object literal, or that spreads another object into it, fails the build,
 * so nothing is kept or dropped silently.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The files that declare contracts (contract.ts only defines what one is). */
const CONTRACT_FILE = /\/src\/domain\/contracts\/(?!contract\.ts$)[^/]+\.ts$/;

/** What the client reads of a contract (src/lib/api-client.ts). */
const CLIENT_KEEPS = new Set(['method', 'path', 'responses']);

/** The object literal an expression is, through `as const` and parentheses; undefined if it is none. */
function objectLiteral(node: ts.Expression): ts.ObjectLiteralExpression | undefined {
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node))
    return objectLiteral(node.expression);
  return ts.isObjectLiteralExpression(node) ? node : undefined;
}

/**
 * The contract module's source with each contract cut down to what the client reads (also in the
 * objects of shared properties a contract spreads in, which must be declared in the same file);
 * throws on a contract it cannot read.
 */
export function clientContracts(code: string, id: string): string {
  const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts: { start: number; end: number }[] = [];
  const spread = new Set<string>();
  const cut = (literal: ts.ObjectLiteralExpression) => {
    for (const property of literal.properties) {
      if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression)) {
        spread.add(property.expression.text);
        continue;
      }
      if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property))
        throw new Error(
          `${id}: a contract holds plain properties (the client build cannot read "${property.getText(file)}")`,
        );
      if (CLIENT_KEEPS.has(property.name.getText(file))) continue;
      // The property with its comma, and the line break and indent before it.
      const comma = code.slice(property.end).match(/^\s*,/);
      cuts.push({ start: property.getFullStart(), end: property.end + (comma ? comma[0].length : 0) });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineContract') {
      const literal = node.arguments[0] && objectLiteral(node.arguments[0]);
      if (!literal)
        throw new Error(`${id}: defineContract takes an object literal (the client build reads its properties)`);
      cut(literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const shared = new Set<string>();
  const findShared = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && spread.has(node.name.text)) {
      const literal = node.initializer && objectLiteral(node.initializer);
      if (!literal) throw new Error(`${id}: "${node.name.text}", spread into a contract, is not an object literal`);
      cut(literal);
      shared.add(node.name.text);
    }
    ts.forEachChild(node, findShared);
  };
  findShared(file);
  for (const name of spread)
    if (!shared.has(name)) throw new Error(`${id}: "${name}", spread into a contract, is not declared in this file`);
  let out = code;
  for (const { start, end } of cuts.sort((a, b) => b.start - a.start)) out = out.slice(0, start) + out.slice(end);
  return out;
}

export function clientContractsPlugin(): Plugin {
  return {
    name: 'deckhand:client-contracts',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_FILE.test(id.split('?')[0] ?? id)) return null;
      return { code: clientContracts(code, id), map: null };
    },
  };
}
