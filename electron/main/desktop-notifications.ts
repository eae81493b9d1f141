/**
 * The Electron side of notifications (the host decides, task-notifier.ts): OS notifications
 * through Electron's `Notification`, and a tray icon with the number of tasks waiting for input
 * (tooltip, menu, the title beside the icon on macOS, the app badge where the OS has one) and, in
 * its tooltip, the running tasks with their progress (tray-tooltip.ts).
 * A click on a notification shows and focuses the window and tells the page which task to open
 * (`notifications:activated`). The body is escaped on Linux, whose notification daemons read a
 * markup subset in it (notification-text.ts); macOS and Windows show it literally.
 */
import { app, Menu, Notification, nativeImage, Tray, type BrowserWindow } from 'electron';
import type { EventPayload, TaskNotification, TaskSummary } from '../../shared/ipc/contract.js';
import { isTaskFinished } from '../../shared/task-model.js';
import type { Logger } from '../engine/index.js';
import type { HostApi } from '../host/host-api.js';
import { escapeNotificationMarkup, waitingWords } from '../host/notification-text.js';
import type { NotificationSink } from '../host/task-notifier.js';
import { isAppOrigin } from './app-url.js';
import { PRODUCT_NAME } from './main-window.js';
import { trayTooltip } from './tray-tooltip.js';

export interface DesktopNotificationsOptions {
  /** The tray icon (a PNG; a `@2x` file beside it is picked up on high-density screens). */
  iconPath: string;
  /** The app window, opened if there is none (macOS keeps running without one). */
  window(): BrowserWindow | undefined;
  logger: Logger;
}

/** What the shell gets: the host's sink, the tray's feed of running tasks, and `dispose`. */
export interface DesktopNotifications extends NotificationSink {
  /** Keeps the tooltip's running tasks in step with the host's task events; returns the unsubscribe. */
  followTasks(host: HostApi): () => void;
  dispose(): void;
}

/** Task updates redraw the tray tooltip at most this often: it walks every running task, and updates come every frame. */
const TOOLTIP_GAP_MS = 1_000;

/** A `NotificationSink` for the host, plus the tray's task feed and `dispose`. Create it after `app` is ready. */
export function createDesktopNotifications(options: DesktopNotificationsOptions): DesktopNotifications {
  const { logger } = options;
  // Electron drops a notification's handlers when the object is garbage-collected: keep each until it is done.
  const live = new Set<Notification>();
  const tray = createTray(options.iconPath, logger);
  let waiting = 0;
  /** The unfinished tasks, by local id (finished ones are dropped: the tooltip counts what runs). */
  const running = new Map<string, TaskSummary>();
  let tooltip = '';

  const reveal = (localId: string | undefined): void => {
    const window = options.window();
    if (window === undefined || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    const payload: EventPayload<'notifications:activated'> = localId === undefined ? {} : { localId };
    const send = (): void => {
      if (!window.isDestroyed() && isAppOrigin(window.webContents.getURL())) window.webContents.send('notifications:activated', payload);
    };
    // A window opened just now has no page listening yet.
    if (window.webContents.isLoading()) window.webContents.once('did-finish-load', send);
    else send();
  };

  let tooltipTimer: ReturnType<typeof setTimeout> | undefined;
  const updateTooltipSoon = (): void => {
    tooltipTimer ??= setTimeout(() => {
      tooltipTimer = undefined;
      updateTooltip();
    }, TOOLTIP_GAP_MS);
  };

  const updateTooltip = (): void => {
    const next = trayTooltip(PRODUCT_NAME, [...running.values()], waiting);
    // Progress moves often: only a changed text reaches the OS.
    if (tray === undefined || next === tooltip) return;
    tooltip = next;
    tray.setToolTip(next);
  };

  const updateTray = (): void => {
    const words = waitingWords(waiting);
    updateTooltip();
    if (tray !== undefined) {
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
        reveal(notification.localId);
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
    followTasks(host: HostApi): () => void {
      const take = (tasks: readonly TaskSummary[]): void => {
        for (const task of tasks) {
          // The first listing may answer after newer pushed updates.
          if ((running.get(task.localId)?.updatedAt ?? -Infinity) > task.updatedAt) continue;
          if (isTaskFinished(task)) running.delete(task.localId);
          else running.set(task.localId, task);
        }
        updateTooltipSoon();
      };
      // The host's own events, already checked against the contract where they were made.
      const unsubscribe = host.subscribe((channel, payload) => {
        if (channel === 'tasks:updated') take((payload as EventPayload<'tasks:updated'>).tasks);
        if (channel === 'tasks:removed') {
          for (const localId of (payload as EventPayload<'tasks:removed'>).localIds) running.delete(localId);
          updateTooltipSoon();
        }
      });
      void host.dispatch('tasks:list', {}).then((listed) => {
        if (listed.ok) take(listed.value as EventPayload<'tasks:updated'>['tasks']);
      });
      return unsubscribe;
    },
    dispose(): void {
      if (tooltipTimer !== undefined) clearTimeout(tooltipTimer);
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
