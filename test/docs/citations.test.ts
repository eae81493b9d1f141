/**
 * Every reference to a document resolves inside the repository: `docs/<name>.md#<anchor>` names
 * a file and one of its headings, and nothing cites documents a clone does not have. The scanner
 * is checked on samples first, so a green run over the repository means something.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCitations, headingSlugs, type CitationProblem, type SourceFile } from './doc-citations.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** The text files that can carry a citation. */
const SCANNED = /\.(ts|tsx|js|md|yml|json|css)$/;
/** The scanner and these tests, which name bad references on purpose. */
const SCANNER_FILES = new Set(['test/docs/doc-citations.ts', 'test/docs/citations.test.ts']);

/** The tracked text files, as they are in the working tree. */
function trackedFiles(): SourceFile[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  return paths
    .filter((path) => SCANNED.test(path) && path !== 'package-lock.json' && !SCANNER_FILES.has(path))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
}

const lines = (problems: CitationProblem[]): string[] => problems.map((problem) => `${problem.path}:${problem.line}: ${problem.message}`);

const GUIDE: SourceFile = {
  path: 'docs/guide.md',
  text: ['# Guide', '', '## Input requests from servers', '', '```', '## Not a heading', '```', '', '## `tools/call` results', '## Twice', '## Twice', 'See [above](#twice-1).'].join('\n'),
};

describe('headingSlugs', () => {
  it('slugs headings as GitHub does, numbering repeats and skipping code blocks', () => {
    expect([...headingSlugs(GUIDE.text)]).toEqual(['guide', 'input-requests-from-servers', 'toolscall-results', 'twice', 'twice-1']);
  });
});

describe('checkCitations', () => {
  it('accepts citations of existing files and headings', () => {
    const source: SourceFile = { path: 'electron/a.ts', text: '// see docs/guide.md#input-requests-from-servers and docs/guide.md' };
    const readme: SourceFile = { path: 'electron/README.md', text: 'Read [the guide](../docs/guide.md#twice) and [RFC 8252 §7.3](https://example.org).' };
    expect(lines(checkCitations([GUIDE, source, readme]))).toEqual([]);
  });

  it('reports a missing file, a missing anchor and a broken relative link, by file and line', () => {
    const source: SourceFile = { path: 'electron/a.ts', text: ['// fine: docs/guide.md#twice', '// docs/missing.md#intro', '// docs/guide.md#no-such-heading'].join('\n') };
    const readme: SourceFile = { path: 'README.md', text: 'See [the guide](docs/guide.md#gone) and [another](./docs/other.md).' };
    const self: SourceFile = { path: 'docs/self.md', text: '# Self\n\nBack to [top](#top).' };
    expect(lines(checkCitations([GUIDE, source, readme, self]))).toEqual([
      'electron/a.ts:2: cites docs/missing.md#intro, but docs/missing.md is not in the repository',
      'electron/a.ts:3: cites docs/guide.md#no-such-heading, but docs/guide.md has no heading with the anchor #no-such-heading',
      'README.md:1: cites docs/guide.md#gone, but docs/guide.md has no heading with the anchor #gone',
      'README.md:1: cites ./docs/other.md, but docs/other.md is not in the repository',
      'docs/self.md:3: cites #top, but docs/self.md has no heading with the anchor #top',
    ]);
  });

  it('reports documents the repository does not have, and bare section numbers, but not RFC sections', () => {
    const source: SourceFile = {
      path: 'electron/b.ts',
      text: ['// PROTOCOL.md §3.4 and SECURITY.md', '// SECURITY §4, PROTOCOL/SECURITY §6', '// the task object (§3.4)', '// RFC 6749 §5.1', '// ../shared/PEERS.md'].join('\n'),
    };
    expect(lines(checkCitations([source]))).toEqual([
      'electron/b.ts:1: cites PROTOCOL.md, which is not in the repository',
      'electron/b.ts:1: cites SECURITY.md, which is not in the repository',
      'electron/b.ts:2: cites SECURITY §, which is not in the repository',
      'electron/b.ts:2: cites PROTOCOL/SECURITY §, which is not in the repository',
      'electron/b.ts:3: cites a bare section number "§3" of no document in the repository',
      'electron/b.ts:5: cites PEERS.md, which is not in the repository',
    ]);
  });
});

describe('the repository', () => {
  it('cites only documents it holds, and only their real headings', () => {
    expect(lines(checkCitations(trackedFiles()))).toEqual([]);
  });
});
