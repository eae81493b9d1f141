/**
 * One end-to-end session: a fresh temp data folder, browser mode on it, headless Chromium and a
 * page opened on the tokenized address. `close()` ends all of it (browser, host, folder).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import { startAppProcess, type AppProcess } from './app-process.js';
import { launchChromium } from './browser.js';
import { AppPage } from './pages/app-page.js';

/** The renderer the global setup built. */
const BUILT_UI = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));

/** How long Playwright waits for the UI by default (tasks run for seconds, not minutes). */
export const UI_TIMEOUT_MS = 15_000;

export interface Session {
  /** The host's data folder. */
  readonly dataDir: string;
  /** `--ui <private copy of the renderer>`, to start another host on the same UI. */
  readonly uiArgs: readonly string[];
  readonly browser: Browser;
  app: AppProcess;
  context: BrowserContext;
  page: Page;
  ui: AppPage;
  /** Opens a new context and page on `app.url` (after a host restart: the new address). */
  reopen(): Promise<void>;
  /**
   * Stops the host (graceful, like Ctrl+C: its stdio servers end with it), waits until the page
   * shows it is gone, starts a new host on the same data folder and arguments, and reopens.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A new temp data folder (removed by `close`). */
export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'mtm-e2e-'));
}

/**
 * A private copy of the built renderer inside `dir`, passed to browser mode as `--ui`: a vite
 * build running meanwhile (it empties dist/renderer first) cannot pull the UI from under a
 * running test.
 */
export function snapshotUi(dir: string): string {
  if (!existsSync(join(BUILT_UI, 'index.html'))) {
    throw new Error(`${BUILT_UI}index.html is missing: the vitest global setup builds it; was it removed by a concurrent build?`);
  }
  const copy = join(dir, 'ui');
  cpSync(BUILT_UI, copy, { recursive: true });
  return copy;
}

/**
 * Starts browser mode on a fresh data folder (plus `extraArgs`) and opens the app in Chromium.
 * `session.uiArgs` are the arguments that serve the same UI copy (for a restarted host).
 */
export async function startSession(extraArgs: readonly string[] = []): Promise<Session> {
  const dataDir = newDataDir();
  let app: AppProcess | undefined;
  let browser: Browser | undefined;
  try {
    const uiArgs = ['--ui', snapshotUi(dataDir)];
    app = await startAppProcess(join(dataDir, 'data'), [...uiArgs, ...extraArgs]);
    browser = await launchChromium();
    const opened = await openApp(browser, app);
    const session: Session = {
      dataDir: join(dataDir, 'data'),
      uiArgs,
      browser,
      app,
      ...opened,
      async reopen() {
        await session.context.close();
        Object.assign(session, await openApp(session.browser, session.app));
      },
      async restart() {
        await session.app.stop();
        await session.ui.disconnectedBanner.waitFor();
        session.app = await startAppProcess(session.dataDir, [...uiArgs, ...extraArgs]);
        await session.reopen();
      },
      async close() {
        await session.browser.close().catch(() => undefined);
        await session.app.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return session;
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A session for the enclosing `describe`: started in `beforeAll` (with `extraArgs`), closed in
 * `afterAll`. Tests read `.current` (set once the hook ran).
 */
export function sessionForSuite(extraArgs: readonly string[] = []): { readonly current: Session } {
  let session: Session | undefined;
  beforeAll(async () => {
    session = await startSession(extraArgs);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });
  return {
    get current(): Session {
      if (session === undefined) throw new Error('the session has not started (beforeAll failed?)');
      return session;
    },
  };
}

async function openApp(browser: Browser, app: AppProcess): Promise<{ context: BrowserContext; page: Page; ui: AppPage }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  const page = await context.newPage();
  const ui = new AppPage(page);
  await ui.open(app.url);
  return { context, page, ui };
}
