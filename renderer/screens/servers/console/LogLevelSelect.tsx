/**
 * The least severe log messages a server should send (`logging/setLevel` on 2025-11-25, the
 * level in each request on 2026-07-28), shown only for a server that offers logging. A setting:
 * saved with the server, no approval, no reconnect.
 */
import { useId } from 'react';
import type { ServerView } from '../../../../shared/ipc/contract';
import { LOG_LEVELS, LogLevelSchema } from '../../../../shared/server-log';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useUpdateServerSettings } from '../../../queries/mutations';
import { errorMessage } from '../../../queries/unwrap';

/** The level select of `server`'s console; nothing when the server does not offer logging. */
export function LogLevelSelect({ server }: { server: ServerView }) {
  const update = useUpdateServerSettings();
  const id = useId();
  if (server.state?.logging !== true) return null;
  return (
    <div className="field field--inline">
      <label htmlFor={id} className="field__label">
        Log level
      </label>
      <select
        id={id}
        value={update.isPending ? update.variables.logLevel : (server.logLevel ?? '')}
        disabled={update.isPending}
        onChange={(event) => {
          const parsed = LogLevelSchema.safeParse(event.target.value);
          if (parsed.success) update.mutate({ id: server.id, logLevel: parsed.data });
        }}
        data-testid="server-log-level"
      >
        {server.logLevel === undefined && <option value="">the default</option>}
        {LOG_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level} and above
          </option>
        ))}
      </select>
      {update.isError && <ErrorNotice title="Could not change the log level" message={errorMessage(update.error)} />}
    </div>
  );
}
