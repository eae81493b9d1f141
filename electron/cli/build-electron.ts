/**
 * Builds what Electron runs, with Vite's API (rolldown underneath, no extra tool):
 * - dist/electron/main.js — the main process, ESM (the package is `"type": "module"` and Electron
 *   loads an ESM main). Our TypeScript (main, host, engine, shared) is bundled; packages from
 *   node_modules and Node built-ins stay imports, resolved at run time (electron-builder packs
 *   the production dependencies next to it).
 * - dist/electron/preload.cjs — the preload, ONE CommonJS file with everything but `electron`
 *   inlined: a sandboxed preload cannot load modules or ESM.
 * - dist/demo-server/demo-server.cjs — the embedded demo servers (electron/demo-server/main.ts),
 *   ONE CommonJS file with every package inlined: the packaged app runs it in a utility process,
 *   and it runs under a plain `node` anywhere, with no node_modules beside it.
 * `npm run build:electron` runs this; `npm start` and the Electron e2e suite call `buildElectron`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig } from 'vite';
import { DEMO_SERVER_BUNDLE } from '../demo-server/default-servers.js';

/** The repository root. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where the Electron entry points are written. */
export const ELECTRON_OUT_DIR = join(PROJECT_ROOT, 'dist', 'electron');
/** The built main entry, which Electron is launched with. */
export const ELECTRON_MAIN_BUNDLE = join(ELECTRON_OUT_DIR, 'main.js');
/** Where the demo server bundle is written. */
export const DEMO_SERVER_OUT_DIR = join(PROJECT_ROOT, 'dist', DEMO_SERVER_BUNDLE.folder);

/** Options shared by the builds: no vite.config.ts (that one builds the renderer), Node target, readable output. */
function baseConfig(entry: string, options: { format: 'es' | 'cjs'; fileName: string; inlineDependencies: boolean; outDir?: string }): InlineConfig {
  return {
    configFile: false,
    root: PROJECT_ROOT,
    logLevel: 'warn',
    // `ssr` builds target Node: built-ins stay imports, node_modules too unless `noExternal`.
    ssr: options.inlineDependencies ? { noExternal: true } : {},
    build: {
      ssr: join(PROJECT_ROOT, entry),
      outDir: options.outDir ?? ELECTRON_OUT_DIR,
      emptyOutDir: false,
      target: 'node22',
      minify: false,
      sourcemap: true,
      copyPublicDir: false,
      rolldownOptions: {
        // Electron provides it at run time (also to sandboxed preloads).
        external: ['electron'],
        output: { format: options.format, entryFileNames: options.fileName },
      },
    },
  };
}

/** Builds the main and preload bundles into dist/electron/, and the demo server bundle into dist/demo-server/. */
export async function buildElectron(): Promise<void> {
  await build(baseConfig('electron/main/main.ts', { format: 'es', fileName: 'main.js', inlineDependencies: false }));
  await build(baseConfig('electron/preload/preload.ts', { format: 'cjs', fileName: 'preload.cjs', inlineDependencies: true }));
  await buildDemoServerBundle();
}

/**
 * Bundles the demo servers into `outDir` (default dist/demo-server/; any folder works: nothing
 * is left to resolve) and returns the bundle's path. CommonJS: it needs no package.json beside it
 * to say how to load it.
 */
export async function buildDemoServerBundle(outDir: string = DEMO_SERVER_OUT_DIR): Promise<string> {
  await build(baseConfig('electron/demo-server/main.ts', { format: 'cjs', fileName: DEMO_SERVER_BUNDLE.file, inlineDependencies: true, outDir }));
  return join(outDir, DEMO_SERVER_BUNDLE.file);
}

/**
 * Bundles another Node entry of ours (`entry`: its path from the repository root) the way the main
 * process is bundled (our TypeScript inlined, packages left as imports) into `outDir`, which must
 * lie inside the repository so those imports resolve; returns the bundle's path. For processes a test starts many times (no tsx start-up cost).
 */
export async function buildNodeEntry(entry: string, outDir: string, fileName: string): Promise<string> {
  await build(baseConfig(entry, { format: 'es', fileName, inlineDependencies: false, outDir }));
  return join(outDir, fileName);
}

/** Builds the renderer (vite.config.ts: renderer/ → dist/renderer/, relative asset paths). */
export async function buildRenderer(): Promise<void> {
  await build({ configFile: join(PROJECT_ROOT, 'vite.config.ts'), logLevel: 'warn' });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildElectron();
  console.log(`Electron entry points built in ${ELECTRON_OUT_DIR}`);
}
