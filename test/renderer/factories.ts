/** Builders of contract values for tests: sensible defaults, overrides per test. */
import type { AppInfo, PendingInputView, ServerView, TaskDetail, TaskSummary, ToolView } from '../../shared/ipc/contract';
import type { TaskSnapshot } from '../../shared/task-model';

/** A fixed "now" for tests that pin the clock. */
export const NOW = 1_800_000_000_000;

export function makeAppInfo(overrides: Partial<AppInfo> = {}): AppInfo {
  return { version: '0.0.0-test', mode: 'electron', storeProblems: [], secretProtection: 'os-keychain', canEditStdio: true, ...overrides };
}

export function makeSnapshot(overrides: Partial<TaskSnapshot> = {}): TaskSnapshot {
  return { serverTaskId: 'srv-task-1', status: 'working', ...overrides };
}

/** A task in the `task` phase, working; `id` and `updatedAt` should differ per task. */
export function makeTask(overrides: Partial<TaskSummary> = {}): TaskSummary {
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
    snapshot: makeSnapshot(),
    hasResult: false,
    ...overrides,
  };
}

/** The detail of `makeTask(overrides)` with a timeline and arguments. */
export function makeDetail(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return { ...makeTask(), timeline: [], arguments: {}, answeredInputKeys: [], ...overrides };
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
export function makeTasks(count: number, overrides: (index: number) => Partial<TaskSummary> = () => ({})): TaskSummary[] {
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
