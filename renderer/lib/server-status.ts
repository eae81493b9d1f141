/** A server's live state in words: connection, why it fails, protocol era, task support. Pure. */
import { ERA_LABELS, type ServerView } from '../../shared/ipc/contract';
import { FAILED_START_WINDOW_MS, MAX_FAILED_STARTS, type ProcessExit, type ServerState, type Unreachable } from '../../shared/server-config';
import { formatDuration } from './time-format';

/** `Connected`, `Reconnecting — next try in 4s`, `Unreachable for 42s: connections are refused`, … (`now`: wall-clock ms). */
export function describeConnection(state: ServerState | undefined, now: number): string {
  switch (state?.status) {
    case undefined:
      return 'Not started';
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return state.unreachable === undefined ? 'Connected' : `Unreachable for ${formatDuration(now - state.unreachable.since)}: ${describeUnreachable(state.unreachable)}`;
    case 'reconnecting':
      return state.nextRetryAt === undefined ? 'Reconnecting…' : `Reconnecting — next try in ${formatDuration(Math.max(0, state.nextRetryAt - now))}`;
    case 'failed':
      return `Stopped after ${state.failedStarts ?? MAX_FAILED_STARTS} failed starts within ${FAILED_START_WINDOW_MS / 60_000} minutes — not started again until you retry`;
    case 'closed':
      return 'Closed';
  }
}

/**
 * A configured server's connection in words: `Server changed` when an endpoint change put a new
 * server in its place, `Disabled` when the user disabled it, else as `describeConnection`.
 */
export function describeServerConnection(server: Pick<ServerView, 'disabled' | 'state' | 'replacedBy'>, now: number): string {
  if (!server.disabled) return describeConnection(server.state, now);
  return server.replacedBy !== undefined
    ? 'Server changed — its endpoint changed and a new server took its place; kept for the tasks made here, which are not followed'
    : 'Disabled — kept, not run; its tasks are not followed';
}

/** Why requests to a connected server fail, in words. */
export function describeUnreachable(unreachable: Pick<Unreachable, 'kind' | 'httpStatus'>): string {
  switch (unreachable.kind) {
    case 'refused':
      return 'connections are refused';
    case 'network':
      return 'the connection fails';
    case 'timeout':
      return 'requests get no answer in time';
    case 'http-status':
      return unreachable.httpStatus === undefined ? 'it answers with a server error' : `it answers HTTP ${unreachable.httpStatus}`;
  }
}

/** How a stdio server's process ended: `Its process exited with code 1`, `Its process was ended by SIGKILL`. */
export function describeExit(exit: Pick<ProcessExit, 'code' | 'signal'>): string {
  if (exit.signal !== undefined) return `Its process was ended by ${exit.signal}`;
  return exit.code === undefined ? 'Its process ended' : `Its process exited with code ${exit.code}`;
}

/**
 * A word or two for lists that name servers (the inbox filter, the launcher): undefined while it
 * is connected and answering, else `unreachable`, `stopped`, `disabled`, `server changed`, `reconnecting`, ….
 */
export function serverStatusTag(server: Pick<ServerView, 'disabled' | 'approved' | 'state' | 'replacedBy'>): string | undefined {
  if (server.disabled) return server.replacedBy !== undefined ? 'server changed' : 'disabled';
  if (!server.approved) return 'not approved';
  const { state } = server;
  switch (state?.status) {
    case undefined:
      return 'not started';
    case 'connected':
      return state.unreachable === undefined ? undefined : 'unreachable';
    case 'failed':
      return 'stopped';
    case 'connecting':
    case 'reconnecting':
    case 'closed':
      return state.status;
  }
}

/** True when Retry now makes sense: a server that stopped being started, or one waiting for its next attempt. */
export function canRetry(server: Pick<ServerView, 'disabled' | 'state'>): boolean {
  return !server.disabled && (server.state?.status === 'failed' || server.state?.status === 'reconnecting');
}

/** The detected protocol era (`2026-07-28`, `2025-11-25`), or that it is not known yet. */
export function describeEra(state: ServerState | undefined): string {
  if (state?.era === undefined) return 'Not detected yet';
  const version = state.protocolVersion !== undefined && state.protocolVersion !== ERA_LABELS[state.era] ? ` (protocol ${state.protocolVersion})` : '';
  return `${ERA_LABELS[state.era]}${version}`;
}

/** Whether and how the server offers tasks. */
export function describeTaskSupport(state: ServerState | undefined): string {
  switch (state?.taskSupport) {
    case 'extension':
      return 'Yes: the tasks extension (2026-07-28)';
    case 'legacy':
      return 'Yes: experimental tasks (2025-11-25)';
    case 'none':
      return 'No: its tools answer directly';
    case undefined:
      return 'Not known yet';
  }
}
