/** What the renderer may see of tasks, tools and servers: explicit stripping, checked against the contract. */
import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { ServerViewSchema, TaskDetailSchema, TaskSummarySchema, ToolViewSchema } from '../../shared/ipc/contract.js';
import type { TrackedTask } from '../../shared/task-model.js';
import { approvalDigest, preApproved } from '../../electron/host/server-entry.js';
import { toServerView, toTaskDetail, toTaskSummary, toToolView } from '../../electron/host/views.js';

const task: TrackedTask = {
  localId: 'local',
  serverId: 's',
  form: 'legacy',
  phase: 'task',
  serverTaskId: 'server-task',
  toolName: 'build',
  arguments: { project: 'app' },
  createdAt: 1,
  updatedAt: 2,
  hasResult: false,
  timeline: [{ at: 1, note: 'Call sent' }],
  answeredInputKeys: ['k1'],
  legacy: {
    session: { id: 'session-secret', protocolVersion: '2025-11-25', taskCapabilities: {} },
    pendingRequests: [{ key: 'request-0', requestId: 0, request: { method: 'elicitation/create', params: { message: 'kept' } }, receivedAt: 1 }],
  },
};

describe('views', () => {
  it('a summary has none of timeline, arguments, answered keys, session and kept requests; a detail has all but the session and kept requests', () => {
    const summary = toTaskSummary(task);
    expect(Object.keys(summary).sort()).toEqual(['argumentSummary', 'createdAt', 'form', 'hasResult', 'localId', 'phase', 'serverId', 'serverTaskId', 'toolName', 'updatedAt']);
    expect(TaskSummarySchema.parse(summary)).toEqual(summary);
    const detail = toTaskDetail(task);
    expect(detail).not.toHaveProperty('legacy');
    expect(JSON.stringify(detail)).not.toMatch(/session-secret|kept/);
    expect(detail).toMatchObject({ timeline: task.timeline, arguments: task.arguments, answeredInputKeys: ['k1'] });
    expect(TaskDetailSchema.parse(detail)).toEqual(detail);
  });

  it('a summary\'s snapshot leaves out the server task id the task carries, and keeps the rest; a detail\'s keeps it', () => {
    const withSnapshot: TrackedTask = { ...task, snapshot: { serverTaskId: 'server-task', status: 'working' as const, statusMessage: 'Step 2', pollIntervalMs: 1_000 } };
    const summary = toTaskSummary(withSnapshot);
    expect(summary.snapshot).toEqual({ status: 'working', statusMessage: 'Step 2', pollIntervalMs: 1_000 });
    expect(summary).toMatchObject({ serverTaskId: 'server-task' });
    expect(TaskSummarySchema.parse(summary)).toEqual(summary);
    expect(toTaskDetail(withSnapshot).snapshot).toEqual(withSnapshot.snapshot);
  });

  it('a tool keeps execution.taskSupport and nothing it does not declare', () => {
    const tool = { name: 'build', title: 'Build', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' }, annotations: { readOnlyHint: true } } as Tool;
    expect(toToolView(tool)).toEqual({ name: 'build', title: 'Build', inputSchema: { type: 'object' }, taskSupport: 'required' });
    expect(toToolView({ name: 'quick', inputSchema: { type: 'object' } })).toEqual({ name: 'quick', inputSchema: { type: 'object' } });
    expect(ToolViewSchema.parse(toToolView(tool))).toEqual(toToolView(tool));
  });

  it('an HTTP server shows its transport, its sign-in settings and, where they are not written, which header values last for this session', () => {
    const entry = { config: { id: 'h', name: 'H', transport: 'http' as const, url: 'https://x.example/sse', headers: { 'X-Key': 'hidden' }, httpTransport: 'sse' as const, oauth: { clientId: 'mtm', scope: 'tasks' } }, origin: 'user' as const };
    const view = toServerView(entry, undefined, { headersSessionOnly: true });
    expect(view).toMatchObject({ headerNames: ['X-Key'], sessionOnlyHeaderNames: ['X-Key'], httpTransport: 'sse', oauth: { clientId: 'mtm', scope: 'tasks' } });
    expect(ServerViewSchema.parse(view)).toEqual(view);
    expect(toServerView(entry, undefined)).not.toHaveProperty('sessionOnlyHeaderNames');
    expect(JSON.stringify(view)).not.toContain('hidden');
  });

  it('a server shows header names, never values', () => {
    const view = toServerView({ config: { id: 'h', name: 'H', transport: 'http', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer hidden' } }, origin: 'user', sealedHeaders: { 'X-Old': 'sealed' } }, undefined);
    expect(view).toEqual({ id: 'h', name: 'H', transport: 'http', url: 'https://x.example/mcp', headerNames: ['Authorization', 'X-Old'], approved: true, disabled: false, approvalDigest: expect.stringMatching(/^sha256:/), origin: 'user', roots: [], notificationsMuted: false });
    expect(JSON.stringify(view)).not.toMatch(/hidden|sealed/);
    const stdio = toServerView(preApproved({ id: 's', name: 'S', transport: 'stdio', command: 'node', args: [] }, 'default'), { id: 's', name: 'S', status: 'connected' });
    expect(ServerViewSchema.parse(stdio)).toEqual(stdio);
    expect(stdio).toMatchObject({ approved: true, state: { status: 'connected' } });
  });

  it('the approval digest it shows covers the variable names, not their values, so it cannot be used to guess one', () => {
    const config = { id: 's', name: 'S', transport: 'stdio' as const, command: 'node', args: [], env: { PIN: '1234' } };
    const shown = toServerView(preApproved(config, 'user'), undefined).approvalDigest;
    expect(shown).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(shown).not.toBe(approvalDigest(config));
    expect(toServerView(preApproved({ ...config, env: { PIN: '9999' } }, 'user'), undefined).approvalDigest).toBe(shown);
    expect(toServerView(preApproved({ ...config, env: { CODE: '1234' } }, 'user'), undefined).approvalDigest).not.toBe(shown);
  });

  it('a disabled server says so, and stays approved', () => {
    const view = toServerView({ ...preApproved({ id: 's', name: 'S', transport: 'stdio', command: 'node', args: [] }, 'user'), disabled: true }, undefined);
    expect(view).toMatchObject({ approved: true, disabled: true });
    expect(view.state).toBeUndefined();
    expect(ServerViewSchema.parse(view)).toEqual(view);
  });

  it('a stdio server shows the names of its variables and of lost ones, never a value nor a sealed form', () => {
    const entry = preApproved({ id: 's', name: 'S', transport: 'stdio', command: 'node', args: [], env: { LOG_LEVEL: 'debug-value' } }, 'import');
    const view = toServerView({ ...entry, sealedEnv: { GITHUB_TOKEN: 'sealed-form', OTHER: null } }, undefined);
    expect(view).toMatchObject({ envNames: ['LOG_LEVEL'], lostEnvNames: ['GITHUB_TOKEN', 'OTHER'], approved: false });
    expect(view).not.toHaveProperty('env');
    expect(JSON.stringify(view)).not.toContain('sealed-form');
    expect(JSON.stringify(view)).not.toContain('debug-value');
    expect(ServerViewSchema.parse(view)).toEqual(view);
  });
});
