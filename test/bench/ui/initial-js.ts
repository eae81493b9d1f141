/**
 * The JavaScript browser mode's first screen loads, read from a renderer build (`dist/renderer`,
 * made by `npx vite build`) without running the page: the entry script, its modulepreloaded
 * chunks, and the chunks the first screen imports on demand before it paints (the socket bridge,
 * which `getBridge` loads in browser mode), each with its static imports. A quick estimate of
 * `initialJsKb` while working on the bundle; `npm run bench:ui` measures what the page really
 * fetched and stays the judge.
 *
 *   npx vite build && npx tsx test/bench/ui/initial-js.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './harness.js';

/** Chunks the first screen imports dynamically before its first paint, by the name Vite gives them. */
const FIRST_SCREEN_DYNAMIC = ['socket-bridge'];

/** One chunk of the initial set: its file and minified size in bytes. */
export interface InitialChunk {
  file: string;
  bytes: number;
}

/** The chunks browser mode fetches before its first paint, entry first. */
export function initialChunks(assetsDir: string, indexHtml: string): InitialChunk[] {
  const read = (file: string) => readFileSync(join(assetsDir, file), 'utf8');
  const fromHtml = [...indexHtml.matchAll(/(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
  const dynamic = readdirSync(assetsDir).filter((file) => FIRST_SCREEN_DYNAMIC.some((name) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file)));
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    // Static imports only (`import … from"./x.js"`, `import"./x.js"`); `import("./x.js")` loads later.
    for (const match of read(file).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(match[1]!);
  };
  for (const file of [...fromHtml, ...dynamic]) visit(file);
  return [...seen].map((file) => ({ file, bytes: Buffer.byteLength(read(file)) }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = join(REPO_ROOT, 'dist/renderer');
  const chunks = initialChunks(join(dist, 'assets'), readFileSync(join(dist, 'index.html'), 'utf8'));
  for (const { file, bytes } of [...chunks].sort((a, b) => b.bytes - a.bytes)) console.log(`${(bytes / 1000).toFixed(2).padStart(8)} kB  ${file}`);
  console.log(`${(chunks.reduce((sum, chunk) => sum + chunk.bytes, 0) / 1000).toFixed(1).padStart(8)} kB  in ${chunks.length} files`);
}
