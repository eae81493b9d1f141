/**
 * The Electron side of notifications (the host decides, task-notifier.ts): OS notifications
 * through Electron's `Notification`, and a tray icon with the number of tasks waiting for input
 * (tooltip, menu, the title beside the icon on macOS, the app badge where the OS has one).
 * A click on a notification shows and focuses the window and tells the page which task to open
 * (`notifications:activated`). The body is escaped on Linux, whose notification daemons read a
 * markup subset in it (notification-text.ts); macOS and Windows show it literally.
 */
import { app, Menu, Notification, nativeImage, Tray, type BrowserWindow } from 'electron';
import type { EventPayload, TaskNotification } from '../../shared/ipc/contract.js';
import type { Logger } from '../engine/ports.js';
import { escapeNotificationMarkup, waitingWords } from '../host/notification-text.js';
import type { NotificationSink } from '../host/task-notifier.js';
import { isAppOrigin } from './app-url.js';
import { PRODUCT_NAME } from './main-window.js';

export interface DesktopNotificationsOptions {
  /** The tray icon (a PNG; a `@2x` file beside it is picked up on high-density screens). */
  iconPath: string;
  /** The app window, opened if there is none (macOS keeps running without one). */
  window(): BrowserWindow | undefined;
  logger: Logger;
}

/** A `NotificationSink` for the host, plus `dispose` for the tray. Create it after `app` is ready. */
export function createDesktopNotifications(options: DesktopNotificationsOptions): NotificationSink & { dispose(): void } {
  const { logger } = options;
  // Electron drops a notification's handlers when the object is garbage-collected: keep each until it is done.
  const live = new Set<Notification>();
  const tray = createTray(options.iconPath, logger);
  let waiting = 0;

  const reveal = (taskId: string | undefined): void => {
    const window = options.window();
    if (window === undefined || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    const payload: EventPayload<'notifications:activated'> = taskId === undefined ? {} : { taskId };
    const send = (): void => {
      if (!window.isDestroyed() && isAppOrigin(window.webContents.getURL())) window.webContents.send('notifications:activated', payload);
    };
    // A window opened just now has no page listening yet.
    if (window.webContents.isLoading()) window.webContents.once('did-finish-load', send);
    else send();
  };

  const updateTray = (): void => {
    const words = waitingWords(waiting);
    if (tray !== undefined) {
      tray.setToolTip(`${PRODUCT_NAME}: ${words}`);
      // Linux needs the menu set again for a changed label to show.
      tray.setContextMenu(Menu.buildFromTemplate([
        { label: words, enabled: false },
        { type: 'separator' },
        { label: 'Show window', click: () => reveal(undefined) },
        { label: 'Quit', click: () => app.quit() },
      ]));
      if (process.platform === 'darwin') tray.setTitle(waiting > 0 ? String(waiting) : '');
    }
    // Only macOS and Unity launchers show a badge; elsewhere this is a no-op that returns false.
    app.setBadgeCount(waiting);
  };
  tray?.on('click', () => reveal(undefined));
  updateTray();

  return {
    show(notification: TaskNotification): void {
      if (!Notification.isSupported()) return;
      const shown = new Notification({
        title: notification.title,
        body: process.platform === 'linux' ? escapeNotificationMarkup(notification.body) : notification.body,
      });
      live.add(shown);
      const done = (): void => {
        live.delete(shown);
      };
      shown.on('click', () => {
        done();
        reveal(notification.taskId);
      });
      shown.on('close', done);
      shown.on('failed', (_event, error) => {
        done();
        logger.warn('A desktop notification could not be shown', { error });
      });
      shown.show();
    },
    setWaitingCount(count: number): void {
      if (count === waiting) return;
      waiting = count;
      updateTray();
    },
    dispose(): void {
      for (const notification of live) notification.close();
      live.clear();
      tray?.destroy();
    },
  };
}

/** The tray icon, or undefined when the icon cannot be read (the app works without one). */
function createTray(iconPath: string, logger: Logger): Tray | undefined {
  const image = nativeImage.createFromPath(iconPath);
  if (image.isEmpty()) {
    logger.warn('The tray icon could not be read; no tray icon', { iconPath });
    return undefined;
  }
  return new Tray(image);
}
