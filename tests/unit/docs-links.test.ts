/**
 * The repository stands alone: a fresh clone has no folder beside it, so the README and docs/ carry
 * the design and the spec themselves, every link in them leads to a file (and heading) of the
 * repository, and nothing points at `../shared/`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const markdown = tracked.filter((file) => file.endsWith('.md') && existsSync(path.join(root, file)));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

/** Relative links of one Markdown file: `[text](target)`, skipping web and mail addresses. */
function relativeLinks(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((target) => !/^[a-z]+:/i.test(target));
}

describe('the documentation', () => {
  it('carries the design and both spec documents', () => {
    for (const file of [
      'docs/DESIGN.md',
      'docs/spec/rider-core.md',
      'docs/spec/membership-and-back-office.md',
      'docs/ARCHITECTURE.md',
    ]) {
      expect(markdown, file).toContain(file);
    }
  });

  it('links only to files and headings of this repository', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      for (const target of relativeLinks(file)) {
        const [linkPath = '', anchor] = target.split('#');
        const resolved = linkPath === '' ? file : path.normalize(path.join(path.dirname(file), linkPath));
        const full = path.join(root, resolved);
        if (resolved.startsWith('..') || !existsSync(full)) {
          broken.push(`${file} → ${target}`);
        } else if (anchor && statSync(full).isFile() && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor)) {
          broken.push(`${file} → ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('points nowhere outside the repository, in prose or in code comments', () => {
    const outside = tracked.filter(
      (file) =>
        /\.(md|ts|tsx|js|mjs|json|sh)$/.test(file) &&
        existsSync(path.join(root, file)) &&
        readFileSync(path.join(root, file), 'utf8').includes('../shared/'),
    );
    expect(outside.filter((file) => file !== 'tests/unit/docs-links.test.ts')).toEqual([]);
  });
});
