/**
 * Finds the Electron executable WITHOUT triggering a download. `require('electron')` (its
 * index.js) runs the installer when the binary is missing, which on a machine without internet
 * fails slowly and loudly; this repeats its lookup read-only: `ELECTRON_OVERRIDE_DIST_PATH`, else
 * `node_modules/electron/path.txt` naming the executable inside `node_modules/electron/dist/`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Where the executable is, or a sentence saying why there is none. */
export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Locates the executable the way node_modules/electron/index.js does, minus the download.
 * `packageDir` and `env` are parameters so tests can point at fixtures.
 */
export function locateElectronBinary(packageDir: string | undefined = electronPackageDir(), env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  if (packageDir === undefined || !existsSync(join(packageDir, 'package.json'))) return { ok: false, reason: 'the electron package is not installed' };
  const pathFile = join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override !== undefined && override !== '') {
    const candidate = join(override, executable ?? 'electron');
    return existsSync(candidate) ? { ok: true, path: candidate } : { ok: false, reason: `ELECTRON_OVERRIDE_DIST_PATH names ${candidate}, which does not exist` };
  }
  if (executable === undefined || executable === '') {
    return { ok: false, reason: 'the electron package has no downloaded binary (node_modules/electron/path.txt is missing: its download never ran or failed)' };
  }
  const candidate = join(packageDir, 'dist', executable);
  return existsSync(candidate) ? { ok: true, path: candidate } : { ok: false, reason: `node_modules/electron/path.txt names ${candidate}, which does not exist` };
}

/** The installed electron package's folder; resolving its package.json runs none of its code. */
function electronPackageDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}
