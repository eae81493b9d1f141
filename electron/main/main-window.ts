/**
 * The app's window. Every setting of docs/security.md#window-settings is written out, even where it
 * is Electron's default: the scanner (electronegativity) reads this source and assumes old
 * defaults, and a reader should not need to know which default changed in which release. The
 * options must stay an object literal inside `new BrowserWindow(…)`, or the scanner cannot see
 * them.
 */
import { BrowserWindow } from 'electron';
import type { Logger } from '../engine/index.js';
import { APP_ENTRY_URL } from './app-url.js';

/** The name shown in the title bar and used for the data folder. */
export const PRODUCT_NAME = 'MCP Task Monitor';

/** Opens the window with `preloadPath` as its only bridge and loads the UI from `app://`. */
export function createMainWindow(preloadPath: string, logger: Logger): BrowserWindow {
  const window = new BrowserWindow({
    title: PRODUCT_NAME,
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      // enableBlinkFeatures is deliberately not set: no Blink features beyond the defaults.
      // No middle-click (auxclick) link opening: links leave only through the window-open handler.
      disableBlinkFeatures: 'Auxclick',
      webviewTag: false,
      spellcheck: false,
      // Dropping a file on the window would otherwise navigate it to file://.
      navigateOnDragDrop: false,
      safeDialogs: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  window.loadURL(APP_ENTRY_URL).catch((error: unknown) => logger.error('The UI did not load', { error: String(error) }));
  return window;
}
