/**
 * The words of one line of the Servers list: its state, protocol era and task form, transport and
 * how many of its tasks run or wait for the user. Pure; the detail pane says the same at length.
 */
import type { ServerView, TaskSummary } from '../../shared/ipc/contract';
import { ERA_LABELS } from '../../shared/ipc/contract-values';
import { classifyTask, isTaskActive } from '../../shared/task-status';
import { serverStatusTag } from './server-status-tag';

/** How many of one server's tasks are still followed, split by whether they wait for the user. */
export interface ServerTaskCounts {
  running: number;
  needsInput: number;
}

const NO_TASKS: ServerTaskCounts = { running: 0, needsInput: 0 };

/**
 * The active tasks of each server, by server id (a server without any is absent). A task waiting
 * for input counts as needing input only, never also as running.
 */
export function countTasksByServer(tasks: readonly TaskSummary[]): ReadonlyMap<string, ServerTaskCounts> {
  const counts = new Map<string, ServerTaskCounts>();
  for (const task of tasks) {
    if (!isTaskActive(task)) continue;
    const current = counts.get(task.serverId) ?? { ...NO_TASKS };
    if (classifyTask(task) === 'input-required') current.needsInput += 1;
    else current.running += 1;
    counts.set(task.serverId, current);
  }
  return counts;
}

/** The words of one list line; each is plain text (the name is the server's own, untrusted). */
export interface ServerLineWords {
  name: string;
  /** `connected`, or the tag other lists use (`degraded`, `stopped`, `disabled`, …). */
  state: string;
  /** `2026-07-28 · tasks extension`, `2025-11-25 · no tasks`, or `era not known yet`. */
  protocol: string;
  /** `stdio`, `Streamable HTTP` or `HTTP+SSE` (what runs now, after a fallback). */
  transport: string;
  /** `2 running · 1 needs input`, or `no active tasks`. */
  tasks: string;
}

const TASK_FORMS: Record<NonNullable<NonNullable<ServerView['state']>['taskSupport']>, string> = {
  extension: 'tasks extension',
  legacy: 'experimental tasks',
  none: 'no tasks',
};

function describeProtocol(state: ServerView['state']): string {
  if (state?.era === undefined) return 'era not known yet';
  const form = state.taskSupport === undefined ? undefined : TASK_FORMS[state.taskSupport];
  return form === undefined ? ERA_LABELS[state.era] : `${ERA_LABELS[state.era]} · ${form}`;
}

function describeTransport(server: Pick<ServerView, 'transport' | 'httpTransport' | 'state'>): string {
  if (server.transport === 'stdio') return 'stdio';
  return (server.state?.httpTransport ?? server.httpTransport) === 'sse' ? 'HTTP+SSE' : 'Streamable HTTP';
}

function describeTaskCounts({ running, needsInput }: ServerTaskCounts): string {
  const parts = [running > 0 ? `${running} running` : undefined, needsInput > 0 ? `${needsInput} ${needsInput === 1 ? 'needs' : 'need'} input` : undefined];
  const said = parts.filter((part) => part !== undefined);
  return said.length === 0 ? 'no active tasks' : said.join(' · ');
}

/** What the list line of `server` says, given its task counts (absent: none active). */
export function describeServerLine(server: ServerView, counts: ServerTaskCounts | undefined): ServerLineWords {
  return {
    name: server.name,
    state: serverStatusTag(server) ?? 'connected',
    protocol: describeProtocol(server.state),
    transport: describeTransport(server),
    tasks: describeTaskCounts(counts ?? NO_TASKS),
  };
}
