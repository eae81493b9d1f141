/**
 * Browser mode's notification switch in the header: says what notifications are for and whether
 * they are on, and asks the browser for permission only when the user clicks "Turn on
 * notifications" (never on its own). Nothing in Electron, where the OS shows them and mute is per
 * server.
 */
import { useState } from 'react';
import { useAppInfo } from '../live/live-context';
import { notificationPermission, requestNotificationPermission, type NotificationPermissionState } from './browser-notifications';
import './notifications.css';

const PURPOSE = 'A desktop notification when a task needs your input, completes or fails.';

/** The switch, or nothing outside browser mode. */
export function NotificationsToggle() {
  const isBrowserMode = useAppInfo().data?.mode === 'browser';
  const [state, setState] = useState<NotificationPermissionState>(notificationPermission);
  const [isAsking, setIsAsking] = useState(false);
  if (!isBrowserMode) return null;

  const turnOn = (): void => {
    setIsAsking(true);
    requestNotificationPermission()
      .then(setState, () => setState(notificationPermission()))
      .finally(() => setIsAsking(false));
  };

  switch (state) {
    case 'default':
      return (
        <button type="button" className="button notifications-toggle" onClick={turnOn} disabled={isAsking} title={PURPOSE} data-testid="notifications-turn-on">
          Turn on notifications
          <span className="visually-hidden">: {PURPOSE}</span>
        </button>
      );
    case 'granted':
      return <Status state="on" text="Notifications on" detail={PURPOSE} />;
    case 'denied':
      return <Status state="blocked" text="Notifications blocked by the browser" detail="Allow notifications for this page in the browser's site settings to get them." />;
    case 'unsupported':
      return <Status state="unsupported" text="Notifications not available here" detail="This browser, or a page that is not served securely, cannot show notifications." />;
  }
}

function Status({ state, text, detail }: { state: string; text: string; detail: string }) {
  return (
    <span className="notifications-status" data-testid="notifications-status" data-state={state} title={detail}>
      {text}
      <span className="visually-hidden">: {detail}</span>
    </span>
  );
}
