/**
 * The browser's Notification API, behind three small functions so the rest of the UI (and its
 * tests) never touch `window.Notification` directly. Browser mode only: in Electron the main
 * process shows OS notifications and the page's permission requests are refused anyway.
 */
import type { TaskNotification } from '../../shared/ipc/contract';

/** Whether notifications can be shown: `unsupported` (no API, or not a secure context), else the browser's permission. */
export type NotificationPermissionState = 'unsupported' | NotificationPermission;

function api(): typeof Notification | undefined {
  return typeof window !== 'undefined' && 'Notification' in window && window.isSecureContext ? window.Notification : undefined;
}

/** The current permission, read fresh (the user may change it in the browser's settings). */
export function notificationPermission(): NotificationPermissionState {
  return api()?.permission ?? 'unsupported';
}

/**
 * Asks the browser for permission. Call it only from a user gesture (a click): browsers ignore or
 * penalise a request made on their own, and the user should know why they are asked.
 */
export async function requestNotificationPermission(): Promise<NotificationPermissionState> {
  const Api = api();
  if (Api === undefined) return 'unsupported';
  return Api.requestPermission();
}

/**
 * Shows `notification` when permission is granted (else does nothing); `onClick` runs when the
 * user clicks it. Title and body are plain text (the API renders no markup). The tag replaces an
 * older notification with the same id instead of stacking a copy.
 */
export function showBrowserNotification(notification: TaskNotification, onClick: () => void): void {
  const Api = api();
  if (Api?.permission !== 'granted') return;
  const shown = new Api(notification.title, { body: notification.body, tag: notification.id });
  shown.onclick = () => {
    window.focus();
    shown.close();
    onClick();
  };
}
