/**
 * A server's console: its stderr (stdio), its `notifications/message` log with level and logger,
 * and the app's account of the connection, as a live tail. A search box (the host filters, case
 * insensitive) and a source filter narrow it; with `localId` it shows only that task's lines.
 * Every line is the server's untrusted text, drawn as text only and wrapped within the box.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { ConsoleSourceSchema, type ConsoleEntry, type ConsoleSource } from '../../../../shared/server-log';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { JsonTree } from '../../../components/JsonTree';
import { VisibleText } from '../../../components/VisibleText';
import { useConsoleTail } from '../../../queries/log-tail';
import { errorMessage } from '../../../queries/unwrap';
import { LogBox } from './LogBox';
import { formatLogTime, lineTag, SOURCE_LABELS } from './log-format';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 250;

export interface ServerConsoleProps {
  serverId: string;
  /** The name the user gave the server, for the region's accessible name. */
  serverName: string;
  /** Only this task's lines. */
  localId?: string;
}

/** See the module comment. */
export function ServerConsole({ serverId, serverName, localId }: ServerConsoleProps) {
  const searchId = useId();
  const sourceId = useId();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const [source, setSource] = useState<ConsoleSource | 'all'>('all');
  const tail = useConsoleTail(serverId, { localId, search });
  const entries = useMemo(() => (tail.data?.entries ?? []).filter((entry) => source === 'all' || entry.source === source), [tail.data, source]);
  return (
    <div className="server-console" data-testid="server-console">
      <div className="log-toolbar">
        <div className="field field--inline">
          <label htmlFor={searchId} className="field__label">
            Search
          </label>
          <input id={searchId} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} maxLength={200} data-testid="console-search" />
        </div>
        <div className="field field--inline">
          <label htmlFor={sourceId} className="field__label">
            Show
          </label>
          <select id={sourceId} value={source} onChange={(event) => setSource(event.target.value as ConsoleSource | 'all')} data-testid="console-source">
            <option value="all">everything</option>
            {ConsoleSourceSchema.options.map((value) => (
              <option key={value} value={value}>
                {SOURCE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {tail.isError && <ErrorNotice title="Could not read the console" message={errorMessage(tail.error)} onRetry={() => void tail.refetch()} />}
      <LogBox
        label={localId === undefined ? `Console of ${serverName}` : 'Console lines of this task'}
        newest={tail.data?.entries.at(-1)?.seq}
        trimmed={tail.data?.trimmed ?? false}
        empty={tail.isPending ? 'Loading…' : search !== '' || source !== 'all' ? 'No line matches.' : 'Nothing yet.'}
        count={entries.length}
        testId="console-lines"
      >
        {entries.map((entry) => (
          <ConsoleLine key={entry.seq} entry={entry} />
        ))}
      </LogBox>
    </div>
  );
}

function ConsoleLine({ entry }: { entry: ConsoleEntry }) {
  const tag = lineTag(entry);
  return (
    <li className={`log-line log-line--${entry.source}`} data-testid="console-line" data-source={entry.source} data-level={entry.level}>
      <time className="log-line__time" dateTime={new Date(entry.at).toISOString()}>
        {formatLogTime(entry.at)}
      </time>{' '}
      <span className={`log-tag log-tag--${tag}`}>{tag}</span>{' '}
      {entry.logger !== undefined && (
        <>
          <VisibleText className="log-line__logger" text={entry.logger} />{' '}
        </>
      )}
      <VisibleText className="log-line__text" text={entry.text} multiline />
      {entry.data !== undefined && <JsonTree value={entry.data} label="data" openDepth={0} />}
    </li>
  );
}

/** `value`, once it has not changed for `delayMs`. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
