/**
 * A server's protocol log: every JSON-RPC message the app sent it and received from it, newest at
 * the bottom, as a live tail; each message expands to its JSON (ProtocolMessage.tsx).
 */
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useProtocolTail } from '../../../queries/log-tail';
import { errorMessage } from '../../../queries/unwrap';
import { LogBox } from './LogBox';
import { ProtocolMessage } from './ProtocolMessage';

export interface ProtocolLogProps {
  serverId: string;
  /** The name the user gave the server, for the region's accessible name. */
  serverName: string;
}

/** See the module comment. */
export function ProtocolLog({ serverId, serverName }: ProtocolLogProps) {
  const tail = useProtocolTail(serverId);
  const entries = tail.data?.entries ?? [];
  return (
    <div className="protocol-log" data-testid="protocol-log">
      {tail.isError && <ErrorNotice title="Could not read the protocol log" message={errorMessage(tail.error)} onRetry={() => void tail.refetch()} />}
      <LogBox
        label={`Protocol log of ${serverName}`}
        newest={entries.at(-1)?.seq}
        trimmed={tail.data?.trimmed ?? false}
        empty={tail.isPending ? 'Loading…' : 'No message yet (or the protocol log is switched off).'}
        count={entries.length}
        testId="protocol-lines"
      >
        {entries.map((entry) => (
          <ProtocolMessage key={entry.seq} entry={entry} />
        ))}
      </LogBox>
    </div>
  );
}
