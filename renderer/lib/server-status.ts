/** A server's live state in words: connection, protocol era, task support. Pure. */
import { ERA_LABELS } from '../../shared/ipc/contract';
import { FAILED_START_WINDOW_MS, MAX_FAILED_STARTS, type ServerState } from '../../shared/server-config';
import { formatDuration } from './time-format';

/** `Connected`, `Reconnecting — next try in 4s`, … (`now`: wall-clock ms). */
export function describeConnection(state: ServerState | undefined, now: number): string {
  switch (state?.status) {
    case undefined:
      return 'Not started';
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return 'Connected';
    case 'reconnecting':
      return state.nextRetryAt === undefined ? 'Reconnecting…' : `Reconnecting — next try in ${formatDuration(Math.max(0, state.nextRetryAt - now))}`;
    case 'failed':
      return `Stopped after ${state.failedStarts ?? MAX_FAILED_STARTS} failed starts within ${FAILED_START_WINDOW_MS / 60_000} minutes — not started again until you retry`;
    case 'closed':
      return 'Closed';
  }
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
