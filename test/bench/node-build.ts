/**
 * Compiles TypeScript entries, and the local modules they import, into plain ESM JavaScript in
 * a build folder, once per bench run, so that every process the bench measures or spawns runs
 * on plain `node`, as the shipped app runs compiled JavaScript. Why not tsx: it costs each
 * process ~250 ms of CPU at start and ~50 MB of RSS (its loader thread and esbuild). The
 * fixture server starts 10–20 times per client inside the resume figure (the SDK client
 * probes `server/discover` in a throw-away sibling unless the transport is subclassed), and a
 * worker's RSS is a bench figure of its own.
 *
 * Files keep their place relative to the repository, and the build folder links the
 * repository's node_modules, so relative and package imports resolve as in the sources.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Transpiles each of `entries` (absolute `.ts` paths inside the repository) with its local
 * import closure into `outRoot`; returns the runnable `.js` path of each entry, in order.
 * Transpiling only (no type check: `npm run typecheck` covers the sources); package imports
 * are left to Node.
 */
export function buildForNode(outRoot: string, entries: readonly string[]): string[] {
  mkdirSync(outRoot, { recursive: true });
  writeFileSync(join(outRoot, 'package.json'), JSON.stringify({ type: 'module' }));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(outRoot, 'node_modules'), 'dir');
  const output = (file: string): string => join(outRoot, relative(REPO_ROOT, file)).replace(/\.ts$/, '.js');
  const pending = [...entries];
  const done = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (done.has(file)) continue;
    done.add(file);
    const source = readFileSync(file, 'utf8');
    const { outputText } = ts.transpileModule(source, {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023, verbatimModuleSyntax: true },
    });
    mkdirSync(dirname(output(file)), { recursive: true });
    writeFileSync(output(file), outputText);
    for (const { fileName } of ts.preProcessFile(source).importedFiles) {
      if (fileName.startsWith('.')) pending.push(resolve(dirname(file), fileName.replace(/\.js$/, '.ts')));
    }
  }
  return entries.map(output);
}
