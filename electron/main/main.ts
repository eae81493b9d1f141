/**
 * Electron's main entry (bundled to dist/electron/main.js), the composition root: app
 * lifecycle, the window, the `app://` protocol, IPC, and the host core on Electron's adapters
 * (electron-store for tasks, safeStorage for secrets). Policy lives in the modules it wires;
 * this file only decides the order, which matters: schemes, sandboxing and the data folder are
 * set before the app is ready, everything else after.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, safeStorage, session } from 'electron';
import { DEMO_SERVER_BUNDLE } from '../demo-server/default-servers.js';
import { ConfTaskStore } from '../engine/index.js';
import { createHost, type Host } from '../host/create-host.js';
import { createConsoleLogger } from '../node/console-logger.js';
import { registerAppScheme, serveAppProtocol } from './app-protocol.js';
import { bundledDemoServers, demoServersForDesktop, demoSignInServersForDesktop, usesBundledDemoServers } from './demo-servers.js';
import { allowOnlyAppExports } from './download-policy.js';
import { createDesktopNotifications } from './desktop-notifications.js';
import { forwardHostEvents, handleInvokeChannels } from './ipc-bridge.js';
import { PRODUCT_NAME, createMainWindow } from './main-window.js';
import { openExternalSafe } from './open-external.js';
import { createSafeStorageSecretStore } from './secret-store.js';
import { openElectronStoreDocument } from './task-document.js';
import { utilityDemoLauncher } from './utility-demo-launcher.js';
import { denyAllPermissions, lockDownWebContents } from './web-contents-policy.js';

/** This bundle's folder (dist/electron): the preload sits beside it, the renderer build next to it. */
const BUNDLE_DIR = dirname(fileURLToPath(import.meta.url));
const PRELOAD_PATH = join(BUNDLE_DIR, 'preload.cjs');
const RENDERER_DIR = join(BUNDLE_DIR, '..', 'renderer');
const PROJECT_ROOT = join(BUNDLE_DIR, '..', '..');
/** Beside this bundle's folder in dist/, packaged (inside app.asar) and in development alike. */
const DEMO_SERVER_BUNDLE_PATH = join(BUNDLE_DIR, '..', DEMO_SERVER_BUNDLE.folder, DEMO_SERVER_BUNDLE.file);
const USES_BUNDLED_DEMO = usesBundledDemoServers(app.isPackaged);
/** Packaged: copied beside app.asar (electron-builder.yml `extraResources`); in development: the source folder. */
const TRAY_ICON = app.isPackaged ? join(process.resourcesPath, 'tray-icon.png') : join(PROJECT_ROOT, 'resources', 'tray-icon.png');

const logger = createConsoleLogger('info');
registerAppScheme();
// Every renderer sandboxed, whatever a window's options say (docs/security.md#window-settings).
app.enableSandbox();
// One data folder, `<appData>/MCP Task Monitor`, in development (where Electron would name it
// after its own binary) and packaged alike; a `--user-data-dir` switch (tests) is left alone.
app.setName(PRODUCT_NAME);
if (!app.commandLine.hasSwitch('user-data-dir')) app.setPath('userData', join(app.getPath('appData'), PRODUCT_NAME));

// The lock lives in the data folder: a second instance would be a second writer of the stores
// (docs/security.md#persistence).
if (app.requestSingleInstanceLock()) {
  startApp();
} else {
  app.quit();
}

function startApp(): void {
  let host: Host | undefined;
  let window: BrowserWindow | undefined;
  let isDisposed = false;
  const openWindow = (): void => {
    if (host === undefined) return;
    window = createMainWindow(PRELOAD_PATH, logger);
    forwardHostEvents(host, window.webContents);
  };

  app.on('web-contents-created', (_event, contents) => lockDownWebContents(contents, logger));
  app.on('second-instance', () => {
    if (window === undefined || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  // macOS apps stay alive without windows until the user quits.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('will-quit', (event) => {
    if (host === undefined || isDisposed) return;
    // Stop every server process tree and flush the stores before the process ends.
    event.preventDefault();
    isDisposed = true;
    host.dispose()
      .catch((error: unknown) => logger.error('The host did not stop cleanly', { error: String(error) }))
      .finally(() => app.quit());
  });

  app.whenReady()
    .then(async () => {
      denyAllPermissions(session.defaultSession);
      allowOnlyAppExports(session.defaultSession, logger);
      serveAppProtocol(RENDERER_DIR, logger);
      const dataDir = app.getPath('userData');
      const notifications = createDesktopNotifications({
        iconPath: TRAY_ICON,
        window: () => {
          if (window === undefined || window.isDestroyed()) openWindow();
          return window;
        },
        logger,
      });
      app.once('will-quit', () => notifications.dispose());
      host = await createHost({
        dataDir,
        mode: 'electron',
        logger,
        // After `ready`: before it, Linux reports encryption as unavailable.
        secretStore: createSafeStorageSecretStore(safeStorage, process.platform),
        ports: {
          taskStore: new ConfTaskStore({ dir: dataDir, openDocument: openElectronStoreDocument, logger }),
          // Whichever defaults run, a saved server naming the bundle runs in any build (npm start builds it too).
          launchProcess: utilityDemoLauncher(DEMO_SERVER_BUNDLE_PATH),
        },
        // Packaged builds carry neither the demo sources nor tsx, but the demo server bundle.
        defaultServers: USES_BUNDLED_DEMO ? bundledDemoServers() : demoServersForDesktop(PROJECT_ROOT),
        configuredServers: app.isPackaged ? [] : demoSignInServersForDesktop(),
        openExternal: (url) => openExternalSafe(url, logger),
        // The system browser (RFC 8252); the answer comes back to the engine's loopback listener.
        signIn: {
          openAuthorizationUrl: async (url) => {
            if (!(await openExternalSafe(url, logger))) throw new Error('The sign-in page could not be opened: its address is not one the app opens in a browser.');
          },
        },
        notifications,
      });
      app.once('will-quit', notifications.followTasks(host));
      handleInvokeChannels(host, (contents) => window !== undefined && !window.isDestroyed() && contents === window.webContents, logger);
      openWindow();
    })
    .catch((error: unknown) => {
      logger.error('MCP Task Monitor could not start', { error: String(error) });
      dialog.showErrorBox('MCP Task Monitor could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}
