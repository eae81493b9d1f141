/**
 * electron-builder.yml, read and validated the way electron-builder itself does (its config
 * loader and its JSON schema, app-builder-lib/scheme.json), and every fuse of
 * docs/security.md#fuses checked by value: a schema only says a fuse is a boolean, not which one we
 * need.
 */
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERVER_OUT_DIR, ELECTRON_MAIN_BUNDLE, PROJECT_ROOT } from '../../electron/cli/build-electron.js';
import { DEMO_SERVER_BUNDLE } from '../../electron/demo-server/default-servers.js';

type BuilderConfig = Record<string, unknown> & { electronFuses?: Record<string, unknown>; files?: unknown; asar?: unknown; asarUnpack?: unknown; extraMetadata?: { main?: unknown } };
interface ConfigModule {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, debugLogger: { isEnabled: boolean; add(key: string, value: unknown): void }): Promise<void>;
}

// electron-builder's own loader and validator, through its dependency app-builder-lib.
const requireFromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'));
const { getConfig, validateConfiguration } = requireFromBuilder('app-builder-lib/out/util/config/config.js') as ConfigModule;
const QUIET_DEBUG_LOGGER = { isEnabled: false, add: () => undefined };

/** The fuses docs/security.md#fuses lists, and their values. */
const REQUIRED_FUSES: [string, boolean][] = [
  ['runAsNode', false],
  ['enableNodeOptionsEnvironmentVariable', false],
  ['enableNodeCliInspectArguments', false],
  ['enableCookieEncryption', true],
  ['enableEmbeddedAsarIntegrityValidation', true],
  ['onlyLoadAppFromAsar', true],
  ['grantFileProtocolExtraPrivileges', false],
];

let config: BuilderConfig;
beforeAll(async () => {
  config = await getConfig(PROJECT_ROOT, 'electron-builder.yml', null);
});

describe('electron-builder.yml', () => {
  it("matches electron-builder's configuration schema", async () => {
    // The validator coerces types in place: validate a copy so the checks below see the file as written.
    await expect(validateConfiguration(structuredClone(config), QUIET_DEBUG_LOGGER)).resolves.toBeUndefined();
  });

  it('is rejected by the same validator when a fuse is misspelt (the check can fail)', async () => {
    const misspelt = { ...structuredClone(config), electronFuses: { ...config.electronFuses, runAsNod: false } };
    await expect(validateConfiguration(misspelt, QUIET_DEBUG_LOGGER)).rejects.toThrow(/configuration\.electronFuses/);
  });

  it.each(REQUIRED_FUSES)('sets the fuse %s to %s', (fuse, value) => {
    expect(config.electronFuses?.[fuse]).toBe(value);
  });

  it('sets no fuse beyond those', () => {
    expect(Object.keys(config.electronFuses ?? {}).sort()).toEqual(REQUIRED_FUSES.map(([fuse]) => fuse).sort());
  });

  it('packs the build output into an asar, and no sources or tests', () => {
    expect(config.asar).toBe(true);
    // electron-builder's loader normalizes a plain list into one filter set.
    expect(config.files).toEqual([{ filter: ['dist/**', '!dist/**/*.map', 'package.json'] }]);
  });

  it('packs the demo server bundle inside app.asar (under dist/, not a source map, nothing unpacked)', () => {
    // Utility processes load their script from inside the archive, with the rest of the app.
    const bundle = relative(PROJECT_ROOT, join(DEMO_SERVER_OUT_DIR, DEMO_SERVER_BUNDLE.file)).split('\\').join('/');
    expect(bundle).toBe('dist/demo-server/demo-server.cjs');
    expect(config.asarUnpack).toBeUndefined();
  });

  it('starts the bundle that build:electron writes', () => {
    expect(config.extraMetadata?.main).toBe(relative(PROJECT_ROOT, ELECTRON_MAIN_BUNDLE).split('\\').join('/'));
  });

  it('targets Linux (AppImage, deb), macOS (dmg) and Windows (nsis)', () => {
    expect(config).toMatchObject({ linux: { target: ['AppImage', 'deb'] }, mac: { target: 'dmg' }, win: { target: 'nsis' } });
  });
});
