/**
 * The Electron security gate (docs/security.md#the-security-gate), part of `npm test` and `npm run
 * gate:electron`: electronegativity plus our two checks over a copy of electron/main and
 * electron/preload, and proof that it fails where it must, on temp copies (never on the real
 * sources).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../electron/main/content-security-policy.js';
import {
  BLOCKING_CHECKS,
  checkContentSecurityPolicy,
  checkWebPreferences,
  formatFindings,
  scanElectronSources,
} from './electron-security-gate.js';

/** Each scan takes a few seconds (the scanner also tries to fetch translations, 1 s timeout). */
const SCAN_TIMEOUT_MS = 60_000;

let workDir: string;
/** A fresh copy of the Electron sources under `workDir/<name>`, laid out as `main/` and `preload/`. */
function copySources(name: string): string {
  const target = join(workDir, name);
  cpSync('electron/main', join(target, 'main'), { recursive: true });
  cpSync('electron/preload', join(target, 'preload'), { recursive: true });
  return target;
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'electron-gate-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('electron security gate', () => {
  it('passes electron/main and electron/preload', { timeout: SCAN_TIMEOUT_MS }, async () => {
    const report = await scanElectronSources(copySources('real'));
    if (report.review.length > 0) console.log(`For review (not blocking):\n${formatFindings(report.review)}`);
    expect(report.blocking, formatFindings(report.blocking)).toEqual([]);
  });

  it('passes the app:// CSP through the scanner\'s evaluator', () => {
    expect(checkContentSecurityPolicy(CONTENT_SECURITY_POLICY)).toEqual([]);
  });

  it('fails a window with nodeIntegration: true (the scanner\'s own finding)', { timeout: SCAN_TIMEOUT_MS }, async () => {
    const dir = copySources('legacy-window');
    writeFileSync(
      join(dir, 'main', 'legacy-window.ts'),
      "import { BrowserWindow } from 'electron';\nexport const legacy = new BrowserWindow({ webPreferences: { nodeIntegration: true } });\n",
    );
    const report = await scanElectronSources(dir);
    const ids = report.blocking.filter((finding) => finding.file === 'main/legacy-window.ts').map((finding) => finding.id);
    expect(ids).toEqual(expect.arrayContaining(['NODE_INTEGRATION_JS_CHECK', 'CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK', 'WEB_PREFERENCES_STATED']));
  });

  it('fails our own window with nodeIntegration flipped to true, which the scanner alone lets pass beside sandbox: true', { timeout: SCAN_TIMEOUT_MS }, async () => {
    const dir = copySources('flipped');
    const windowFile = join(dir, 'main', 'main-window.ts');
    const source = readFileSync(windowFile, 'utf8');
    expect(source).toContain('nodeIntegration: false,');
    writeFileSync(windowFile, source.replace('nodeIntegration: false,', 'nodeIntegration: true,'));
    const report = await scanElectronSources(dir);
    expect(report.blocking).toContainEqual(expect.objectContaining({ id: 'WEB_PREFERENCES_STATED', file: 'main/main-window.ts', description: 'webPreferences.nodeIntegration must be written as false' }));
  });

  it('fails shell.openExternal anywhere but openExternalSafe', { timeout: SCAN_TIMEOUT_MS }, async () => {
    const dir = copySources('open-external');
    writeFileSync(join(dir, 'main', 'links.ts'), "import { shell } from 'electron';\nexport const open = (url: string) => shell.openExternal(url);\n");
    const report = await scanElectronSources(dir);
    expect(report.blocking.map((finding) => `${finding.id} ${finding.file}`)).toEqual(['OPEN_EXTERNAL_JS_CHECK main/links.ts']);
  });
});

describe('our checks', () => {
  it.each([
    ['a setting left out', "new BrowserWindow({ webPreferences: { sandbox: true } })", 'webPreferences.contextIsolation must be written as true'],
    ['a setting given as a variable', "const on = true; new BrowserWindow({ webPreferences: { sandbox: on } })", 'webPreferences.sandbox must be written as true'],
    ['a spread that could override', "new BrowserWindow({ webPreferences: { ...defaults } })", 'webPreferences must not spread other objects'],
    ['options held in a variable', 'new BrowserWindow(options)', 'window options must be an object literal, so the settings can be read'],
    ['no webPreferences', 'new BrowserWindow({ width: 800 })', 'webPreferences must be an object literal inside the window options'],
    ['Blink features enabled', "new electron.BrowserWindow({ webPreferences: { enableBlinkFeatures: 'X' } })", 'webPreferences.enableBlinkFeatures must not be set'],
    ['a WebContentsView', 'new WebContentsView({ webPreferences: { webSecurity: false } })', 'webPreferences.webSecurity must be written as true'],
  ])('WEB_PREFERENCES_STATED flags %s', (_name, code, description) => {
    const dir = join(workDir, 'snippets', String(Math.random()).slice(2));
    cpSync('electron/preload', dir, { recursive: true });
    writeFileSync(join(dir, 'snippet.ts'), `${code};\n`);
    expect(checkWebPreferences(dir).map((finding) => finding.description)).toContain(description);
  });

  it.each([
    ["script-src 'self' 'unsafe-inline'", "scripts allow 'unsafe-inline'"],
    ["default-src 'self' 'unsafe-eval'", "scripts allow 'unsafe-eval'"],
    ["script-src 'self'", 'object-src'],
  ])('CSP_EVALUATED flags %s', (policy, expected) => {
    expect(formatFindings(checkContentSecurityPolicy(policy))).toContain(expected);
  });

  it('documents every blocking check', () => {
    for (const [id, why] of Object.entries(BLOCKING_CHECKS)) expect(why, id).not.toBe('');
  });
});
