/**
 * Whether this server's desktop notifications are shown: a real checkbox with the switch role
 * (Space toggles it), named "Notifications", its state ("on" / "muted") said next to it.
 */
import { useId } from 'react';
import type { ServerView } from '../../../shared/ipc/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useUpdateServerSettings } from '../../queries/mutations';
import { errorMessage } from '../../queries/unwrap';

/** The notifications switch of a server card. */
export function NotificationsSwitch({ server }: { server: ServerView }) {
  const update = useUpdateServerSettings();
  const id = useId();
  // While the change is on its way, show what was asked for rather than flicking back.
  const isMuted = update.isPending ? (update.variables.notificationsMuted ?? server.notificationsMuted) : server.notificationsMuted;
  return (
    <div className="server-settings__switch">
      <div className="field field--inline">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={!isMuted}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ id: server.id, notificationsMuted: !event.target.checked })}
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
