/** Builders of contract values for tests: sensible defaults, overrides per test. */
import type { AppInfo, PendingInputView, ServerView, TaskDetail, TaskSummary, ToolView } from '../../shared/ipc/contract';
import { withDetailFields } from '../../renderer/lib/detail-update';
import type { SnapshotFields, TaskSnapshot } from '../../shared/task-model';

/** A fixed "now" for tests that pin the clock. */
export const NOW = 1_800_000_000_000;

export function makeAppInfo(overrides: Partial<AppInfo> = {}): AppInfo {
  return { version: '0.0.0-test', mode: 'electron', storeProblems: [], secretProtection: 'os-keychain', canEditStdio: true, ...overrides };
}

export function makeSnapshot(overrides: Partial<TaskSnapshot> = {}): TaskSnapshot {
  return { serverTaskId: 'srv-task-1', status: 'working', ...overrides };
}

/** A summary of a server's task (phase `task`). */
export type ServerTaskSummary = Extract<TaskSummary, { phase: 'task' }>;
/** A summary of a call that is no task (yet): phase `calling` or `outcome-unknown`. */
export type CallSummary = Extract<TaskSummary, { phase: 'calling' | 'outcome-unknown' }>;

/** A task in the `task` phase, working; `id` and `updatedAt` should differ per task. */
export function makeTask(overrides: Partial<ServerTaskSummary> = {}): ServerTaskSummary {
  return {
    localId: 'task-1',
    serverId: 'server-a',
    form: 'extension',
    phase: 'task',
    serverTaskId: 'srv-task-1',
    toolName: 'build',
    argumentSummary: '',
    createdAt: NOW - 60_000,
    updatedAt: NOW - 1_000,
    observedAt: NOW - 60_000,
    // As the host sends it: the server's task id is on the task, not repeated in its snapshot.
    snapshot: { status: 'working' },
    hasResult: false,
    ...overrides,
  };
}

/** A call in flight (phase `calling`: no server task id, no snapshot); `localId` should differ per call. */
export function makeCall(overrides: Partial<CallSummary> = {}): CallSummary {
  const { serverTaskId: _id, observedAt: _observed, snapshot: _snapshot, ...fields } = makeTask();
  return { ...fields, phase: 'calling', ...overrides };
}

/**
 * The detail of `makeTask(overrides)` with a timeline and arguments (none unless given); its
 * snapshot has the task's server id, as the host's details do. Takes a summary's fields too.
 */
export function makeDetail(overrides: Partial<Omit<Extract<TaskDetail, { phase: 'task' }>, 'snapshot'>> & { snapshot?: SnapshotFields; argumentSummary?: string } = {}): TaskDetail {
  const { timeline = [], arguments: args = {}, answeredInputKeys = [], timelineCount, ...summaryFields } = overrides;
  return withDetailFields(makeTask(summaryFields), { timeline, arguments: args, answeredInputKeys, ...(timelineCount !== undefined ? { timelineCount } : {}) });
}

/** The detail `summary` (of either phase) describes, with an empty timeline and no arguments. */
export function detailOf(summary: TaskSummary): TaskDetail {
  return withDetailFields(summary, { timeline: [], arguments: {}, answeredInputKeys: [] });
}

/** The detail of `makeCall(overrides)` with a timeline and arguments. */
export function makeCallDetail(overrides: Partial<Extract<TaskDetail, { phase: 'calling' | 'outcome-unknown' }>> = {}): TaskDetail {
  return { ...makeCall(), timeline: [], arguments: {}, answeredInputKeys: [], ...overrides };
}

export function makeServer(overrides: Partial<ServerView> = {}): ServerView {
  return {
    id: 'server-a',
    name: 'Server A',
    transport: 'http',
    url: 'https://a.example/mcp',
    approved: true,
    disabled: false,
    approvalDigest: 'digest-a',
    origin: 'user',
    roots: [],
    notificationsMuted: false,
    state: { id: 'server-a', name: 'Server A', status: 'connected', era: 'modern', taskSupport: 'extension' },
    ...overrides,
  };
}

export function makeTool(overrides: Partial<ToolView> = {}): ToolView {
  return { name: 'build', title: 'Build project', description: 'Builds a project.', inputSchema: { type: 'object', properties: {} }, ...overrides };
}

/** `count` tasks with distinct ids, newest first by `createdAt` and by `updatedAt` (the inbox's order for tasks of one group). */
export function makeTasks(count: number, overrides: (index: number) => Partial<ServerTaskSummary> = () => ({})): ServerTaskSummary[] {
  return Array.from({ length: count }, (_, index) =>
    makeTask({ localId: `task-${index}`, serverTaskId: `srv-${index}`, toolName: `tool-${index}`, createdAt: NOW - 60_000 - index * 10, updatedAt: NOW - index * 10, ...overrides(index) }),
  );
}

/** The deploy confirmation of the demo servers, as the host's checked view. */
export const DEPLOY_FORM: Extract<PendingInputView, { kind: 'form' }>['form'] = {
  fields: [
    { name: 'confirm', label: 'Deploy now?', required: true, kind: 'boolean' },
    { name: 'environment', label: 'Environment', required: true, kind: 'select', options: [{ value: 'staging', label: 'staging' }, { value: 'production', label: 'production' }], initial: 'staging' },
    { name: 'note', label: 'Note', description: 'Shown in the deployment log.', required: false, kind: 'text', maxLength: 200 },
  ],
  notes: [],
  ignored: [],
};

/** A pending form question (the deploy confirmation) unless overridden. */
export function makeInputView(overrides: Partial<PendingInputView> = {}): PendingInputView {
  return {
    localId: 'task-1',
    serverId: 'server-a',
    key: 'confirm_deploy',
    receivedAt: NOW,
    method: 'elicitation/create',
    server: { name: 'Alpha', reportedName: 'alpha-server' },
    held: false,
    kind: 'form',
    message: 'Deploy service "web"?',
    form: DEPLOY_FORM,
    ...overrides,
  } as PendingInputView;
}
