/** A server's live state in words: connection, why it fails, protocol era, task support (its short tag: `server-status-tag.ts`). Pure. */
import type { ServerView } from '../../shared/ipc/contract';
import { ERA_LABELS } from '../../shared/ipc/contract-values';
import type { Degraded, OutageKind, ProcessExit, ServerHealth, ServerState } from '../../shared/server-config';
import { FAILED_START_WINDOW_MS, MAX_FAILED_STARTS } from '../../shared/server-start-limits';
import { formatDuration, formatTimeOfDay } from './time-format';

/**
 * `Connected`, `Reconnecting — next try in 4s`, `Degraded since 21:04 — HTTP 503 Service Unavailable (3 requests failed)`,
 * … (`now`: wall-clock ms). Carries a server's own text (a failure's detail): show it as untrusted text.
 */
export function describeConnection(state: ServerState | undefined, now: number): string {
  switch (state?.status) {
    case undefined:
      return 'Not started';
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return state.health === undefined ? 'Connected' : describeHealth(state.health, now);
    case 'reconnecting':
      return state.nextRetryAt === undefined ? 'Reconnecting…' : `Reconnecting — next try in ${formatDuration(Math.max(0, state.nextRetryAt - now))}`;
    case 'needs-sign-in':
      return 'Sign-in needed';
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

/** A connected server that is not answering as it should, in words, with since when and what is known. */
export function describeHealth(health: ServerHealth, now: number): string {
  const since = formatTimeOfDay(health.since, now);
  if (health.condition === 'not-responding') return `Not responding since ${since} — no answer to ${health.probe} in ${formatDuration(health.pingTimeoutMs)}`;
  const requests = `${health.failedRequests} ${health.failedRequests === 1 ? 'request' : 'requests'} failed`;
  return `Degraded since ${since} — ${describeFailure(health)} (${requests})`;
}

/** One failure: an HTTP status says itself (`HTTP 503 Service Unavailable`); other kinds get words before the transport's. */
function describeFailure(failure: Pick<Degraded, 'kind' | 'detail'>): string {
  return failure.kind === 'http-status' ? failure.detail : `${describeOutage(failure.kind)}: ${failure.detail}`;
}

/** Why requests to a connected server fail, in words. */
export function describeOutage(kind: OutageKind): string {
  switch (kind) {
    case 'refused':
      return 'connections are refused';
    case 'network':
      return 'the connection fails';
    case 'timeout':
      return 'no answer in time';
    case 'http-status':
      return 'it answers with a server error';
  }
}

/** How a stdio server's process ended: `Its process exited with code 1`, `Its process was ended by SIGKILL`. */
export function describeExit(exit: Pick<ProcessExit, 'code' | 'signal'>): string {
  if (exit.signal !== undefined) return `Its process was ended by ${exit.signal}`;
  return exit.code === undefined ? 'Its process ended' : `Its process exited with code ${exit.code}`;
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
