/**
 * Whether this server's desktop notifications are shown: a real checkbox with the switch role
 * (Space toggles it), named "Notifications", its state ("on" / "muted") said next to it.
 */
import { useId, useState } from 'react';
import type { ServerView } from '../../../shared/ipc/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useUpdateServerSettings } from '../../queries/mutations';
import { errorMessage } from '../../queries/unwrap';

/** The notifications switch on a server's Settings tab. */
export function NotificationsSwitch({ server }: { server: ServerView }) {
  const update = useUpdateServerSettings();
  const id = useId();
  // What the user asked for, shown from the click on (set in the same event, so the checkbox never
  // flicks back) until the server list shows a new value, or the change failed.
  const [asked, setAsked] = useState<{ muted: boolean; over: boolean } | undefined>(undefined);
  const isMuted = asked !== undefined && asked.over === server.notificationsMuted ? asked.muted : server.notificationsMuted;
  return (
    <div className="server-settings__switch">
      <div className="field field--inline">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={!isMuted}
          disabled={update.isPending}
          onChange={(event) => {
            const notificationsMuted = !event.target.checked;
            setAsked({ muted: notificationsMuted, over: server.notificationsMuted });
            update.mutate({ id: server.id, notificationsMuted }, { onError: () => setAsked(undefined) });
          }}
          data-testid="server-notifications"
        />
        <label htmlFor={id} className="field__label">
          Notifications
        </label>
        <span aria-hidden="true" data-testid="server-notifications-state">
          {isMuted ? 'muted' : 'on'}
        </span>
      </div>
      {update.isError && <ErrorNotice title="Could not change the notifications" message={errorMessage(update.error)} testId="server-notifications-error" />}
    </div>
  );
}
