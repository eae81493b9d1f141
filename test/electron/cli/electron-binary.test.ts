import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { locateElectronBinary } from '../../../electron/cli/electron-binary.js';

describe('locateElectronBinary', () => {
  let dir: string;
  let pkg: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'electron-binary-'));
    pkg = join(dir, 'electron');
    mkdirSync(pkg);
    writeFileSync(join(pkg, 'package.json'), '{"name":"electron"}');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reports a package that is not installed', () => {
    expect(locateElectronBinary(join(dir, 'missing'), {})).toEqual({ ok: false, reason: 'the electron package is not installed' });
  });

  it('reports a package whose download never ran (no path.txt)', () => {
    expect(locateElectronBinary(pkg, {})).toMatchObject({ ok: false, reason: expect.stringContaining('path.txt is missing') });
  });

  it('reports a path.txt naming an executable that is not there', () => {
    writeFileSync(join(pkg, 'path.txt'), 'electron');
    expect(locateElectronBinary(pkg, {})).toMatchObject({ ok: false, reason: expect.stringContaining('does not exist') });
  });

  it('finds the executable path.txt names under dist/', () => {
    writeFileSync(join(pkg, 'path.txt'), 'electron');
    mkdirSync(join(pkg, 'dist'));
    writeFileSync(join(pkg, 'dist', 'electron'), '');
    expect(locateElectronBinary(pkg, {})).toEqual({ ok: true, path: join(pkg, 'dist', 'electron') });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH, as electron/index.js does', () => {
    const override = join(dir, 'custom');
    expect(locateElectronBinary(pkg, { ELECTRON_OVERRIDE_DIST_PATH: override })).toMatchObject({ ok: false, reason: expect.stringContaining('ELECTRON_OVERRIDE_DIST_PATH') });
    mkdirSync(override);
    writeFileSync(join(override, 'electron'), '');
    expect(locateElectronBinary(pkg, { ELECTRON_OVERRIDE_DIST_PATH: override })).toEqual({ ok: true, path: join(override, 'electron') });
  });

  it('never triggers a download on this machine', () => {
    // Calling it with the real package must return at once, whatever the verdict.
    const verdict = locateElectronBinary();
    expect(typeof verdict.ok).toBe('boolean');
  });
});
