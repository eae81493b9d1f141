/**
 * The desktop app end to end, with Playwright's `_electron` (`npm run test:electron`; also part
 * of `npm test`). It runs wherever an Electron binary is installed; where none is (these machines
 * cannot download it, docs/architecture.md#electron-on-machines-without-the-binary), it says why
 * and is reported as skipped, never passed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELECTRON_MAIN_BUNDLE, PROJECT_ROOT } from '../../electron/cli/build-electron.js';
import { locateElectronBinary } from '../../electron/cli/electron-binary.js';
import { APP_ENTRY_URL } from '../../electron/main/app-url.js';
import { CONTENT_SECURITY_POLICY } from '../../electron/main/content-security-policy.js';
import { BUNDLED_DEMO_SERVERS_ENV } from '../../electron/main/demo-servers.js';
import { EVENT_CHANNEL_NAMES, INVOKE_CHANNEL_NAMES, BRIDGE_GLOBAL } from '../../shared/ipc/channels.js';
import { AppWindow } from './app-window.js';

const binary = locateElectronBinary();
const SKIP_REASON = binary.ok ? undefined : `Electron binary not available on this machine: ${binary.reason}`;
if (SKIP_REASON !== undefined) console.warn(`${SKIP_REASON}. The Electron end-to-end suite is skipped.`);

/** The tests' environment without unset entries, as `_electron.launch` takes it. */
function environment(overrides: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries({ ...process.env, ...overrides }).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The app on its own data folder under `env`, and its first window; `close` ends it and removes the folder. */
async function launchApp(folderPrefix: string, env: Record<string, string>): Promise<{ app: ElectronApplication; window: AppWindow; dataDir: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), folderPrefix));
  const app = await _electron.launch({
    executablePath: binary.ok ? binary.path : '',
    args: [ELECTRON_MAIN_BUNDLE, `--user-data-dir=${dataDir}`],
    cwd: PROJECT_ROOT,
    env,
  });
  return {
    app,
    window: new AppWindow(await app.firstWindow()),
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(SKIP_REASON !== undefined)(SKIP_REASON ?? 'Electron desktop app (Playwright _electron)', () => {
  let app: ElectronApplication;
  let window: AppWindow;
  let dataDir: string;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // The demo servers run on this Node (see electron/main/demo-servers.ts).
    ({ app, window, dataDir, close } = await launchApp('mcp-task-monitor-electron-', environment({ npm_node_execpath: process.execPath })));
  }, 180_000);

  afterAll(async () => {
    await close?.();
  });

  it('starts with one window on app:// and the data folder it was given', async () => {
    await window.page.waitForURL(APP_ENTRY_URL);
    const facts = await app.evaluate(({ app: electronApp, BrowserWindow }) => ({
      windows: BrowserWindow.getAllWindows().length,
      userData: electronApp.getPath('userData'),
    }));
    expect(facts).toEqual({ windows: 1, userData: dataDir });
  });

  it('runs the window with every setting of docs/security.md#window-settings', async () => {
    // getLastWebPreferences exists at run time but is left out of Electron's typings.
    type WithPreferences = { getLastWebPreferences(): Electron.WebPreferences | null };
    const preferences = await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]?.webContents as unknown as WithPreferences | undefined;
      return contents?.getLastWebPreferences() ?? null;
    });
    expect(preferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
    });
    expect(preferences?.enableBlinkFeatures ?? '').toBe('');
  });

  it('gives the page the allowlisted bridge and no Node', async () => {
    const page = await window.page.evaluate((bridgeGlobal) => {
      const scope = globalThis as unknown as Record<string, unknown>;
      const bridge = scope[bridgeGlobal] as { invoke: object; events: object };
      return { require: typeof scope.require, process: typeof scope.process, invoke: Object.keys(bridge.invoke), events: Object.keys(bridge.events) };
    }, BRIDGE_GLOBAL);
    expect(page).toEqual({ require: 'undefined', process: 'undefined', invoke: [...INVOKE_CHANNEL_NAMES], events: [...EVENT_CHANNEL_NAMES] });
  });

  it('serves app:// with the CSP and refuses a path out of the renderer folder', async () => {
    const answers = await window.page.evaluate(async (entry) => {
      const own = await fetch(entry);
      const escape = await fetch(new URL('%2e%2e/%2e%2e/package.json', entry).href);
      return { csp: own.headers.get('content-security-policy'), escapeStatus: escape.status };
    }, APP_ENTRY_URL);
    expect(answers.csp).toBe(CONTENT_SECURITY_POLICY);
    expect([400, 404]).toContain(answers.escapeStatus);
  });

  it('opens no window, and nothing outside, for a file: link', async () => {
    const opened = await window.page.evaluate(() => (globalThis as unknown as { open(url: string): unknown }).open('file:///etc/passwd') === null);
    expect(opened).toBe(true);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });

  it('runs the demo build through the UI and shows it completed', async () => {
    await window.runTool('demo-extension', 'build', { durationMs: '1000' });
    await window.openInbox();
    await window.taskRows('build', 'completed').first().waitFor({ timeout: 30_000 });
  }, 60_000);

  it('counts a task waiting for input in the tray, notifies once, and a click opens the task', async (context) => {
    // Record what main shows: the tray and the notifications live in main's module scope.
    const isSupported = await app.evaluate(({ Notification, Tray }) => {
      const record = globalThis as unknown as { tooltips: string[]; shown: Electron.Notification[] };
      record.tooltips = [];
      record.shown = [];
      const setToolTip = Tray.prototype.setToolTip;
      Tray.prototype.setToolTip = function (this: Electron.Tray, text: string) {
        record.tooltips.push(text);
        setToolTip.call(this, text);
      };
      const show = Notification.prototype.show;
      Notification.prototype.show = function (this: Electron.Notification) {
        record.shown.push(this);
        show.call(this);
      };
      return Notification.isSupported();
    });
    await window.runTool('demo-extension', 'deploy', { durationMs: '500' });
    const lastTooltip = () => app.evaluate(() => (globalThis as unknown as { tooltips: string[] }).tooltips.at(-1));
    await expect.poll(lastTooltip, { timeout: 30_000 }).toBe('MCP Task Monitor: 1 task waits for your input');
    if (!isSupported) context.skip('This desktop has no notification service (Notification.isSupported() is false)');
    const titles = () => app.evaluate(() => (globalThis as unknown as { shown: Electron.Notification[] }).shown.map((shown) => shown.title));
    await expect.poll(titles, { timeout: 10_000 }).toEqual(['deploy needs your input']);
    await window.openInbox();
    await app.evaluate(() => {
      (globalThis as unknown as { shown: Electron.Notification[] }).shown[0]?.emit('click');
    });
    await window.page.getByTestId('task-detail').filter({ hasText: 'deploy' }).waitFor();
  }, 60_000);
});

// The packaged app's demo servers (the bundle in utility processes) without packaging: main is
// told to take that path. Skipped, and reported so, where no Electron binary is installed.
describe.skipIf(SKIP_REASON !== undefined)(SKIP_REASON ?? 'Electron desktop app running the bundled demo servers (the packaged path)', () => {
  let app: ElectronApplication;
  let window: AppWindow;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // No npm_node_execpath (npm sets it for the tests): nothing may fall back to a system Node.
    ({ app, window, close } = await launchApp('mcp-task-monitor-electron-bundled-', environment({ npm_node_execpath: undefined, [BUNDLED_DEMO_SERVERS_ENV]: '1' })));
  }, 180_000);

  afterAll(async () => {
    await close?.();
  });

  it('runs both demo servers in utility processes and completes a task on each', async () => {
    await window.runTool('demo-extension', 'build', { durationMs: '1000' });
    await window.runTool('demo-legacy', 'build', { durationMs: '1000' });
    await window.openInbox();
    await expect.poll(() => window.taskRows('build', 'completed').count(), { timeout: 30_000 }).toBe(2);
    const utilityProcesses = await app.evaluate(({ app: electronApp }) => electronApp.getAppMetrics().filter((metric) => metric.type === 'Utility' && metric.name === 'MCP Task Monitor demo server').length);
    expect(utilityProcesses).toBe(2);
  }, 60_000);
});
