/**
 * The page's part of notifications: shows the host's `notifications:raised` with the browser's
 * API (browser mode), opens the task when one is clicked (browser click, or Electron's
 * `notifications:activated`) through its address, like any link, and puts the number of tasks
 * waiting for input in the document title — browser mode's stand-in for the tray — e.g.
 * "(2) MCP Task Monitor".
 */
import { useEffect } from 'react';
import { useBridge } from '../bridge/bridge-context';
import { useAppInfo, usePendingInputs } from '../live/live-context';
import { INBOX_ROUTE } from '../app/routes';
import { goToRoute } from '../app/use-hash-route';
import { showBrowserNotification } from './browser-notifications';

/** The document title without a count. */
export const APP_TITLE = 'MCP Task Monitor';

/** The document title for `waiting` tasks waiting for input. */
export function titleWithCount(waiting: number): string {
  return waiting > 0 ? `(${waiting}) ${APP_TITLE}` : APP_TITLE;
}

/** Wires notifications for the whole app; call it once, near the root. */
export function useNotifications(): void {
  const bridge = useBridge();
  const isBrowserMode = useAppInfo().data?.mode === 'browser';
  const { data: inputs } = usePendingInputs();
  const waiting = new Set((inputs ?? []).map((input) => input.localId)).size;

  useEffect(() => {
    const open = (localId: string | undefined): void => goToRoute(localId === undefined ? INBOX_ROUTE : { screen: 'task', localId });
    const unsubscribers = [bridge.events['notifications:activated'](({ localId }) => open(localId))];
    if (isBrowserMode) {
      unsubscribers.push(bridge.events['notifications:raised'](({ notification }) => showBrowserNotification(notification, () => open(notification.localId))));
    }
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [bridge, isBrowserMode]);

  useEffect(() => {
    document.title = titleWithCount(waiting);
  }, [waiting]);
}

/** Renders nothing; mount it once near the root. */
export function NotificationsSync() {
  useNotifications();
  return null;
}
