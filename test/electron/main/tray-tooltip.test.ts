import { describe, expect, it } from 'vitest';
import { MAX_TOOLTIP_LENGTH, trayTooltip } from '../../../electron/main/tray-tooltip.js';
import type { TaskSummary } from '../../../shared/ipc/contract.js';

const task = (overrides: Partial<Extract<TaskSummary, { phase: 'task' }>>): TaskSummary => ({
  localId: 'task-1',
  serverId: 'server-a',
  form: 'legacy',
  phase: 'task',
  serverTaskId: 'srv-1',
  toolName: 'build',
  argumentSummary: '',
  createdAt: 0,
  updatedAt: 1,
  snapshot: { status: 'working' },
  hasResult: false,
  ...overrides,
});

describe('trayTooltip', () => {
  it('says how many run, with the progress of the most recently moved, and how many wait', () => {
    const running: TaskSummary[] = [
      task({ localId: 'a', toolName: 'build', updatedAt: 30, progress: { progress: 2, total: 5, at: 30 } }),
      { localId: 'b', serverId: 'server-a', form: 'legacy', phase: 'calling', plain: true, toolName: 'plain-op', argumentSummary: '', createdAt: 0, updatedAt: 20, hasResult: false },
      task({ localId: 'c', form: 'extension', toolName: 'index', updatedAt: 10, snapshot: { status: 'working', statusMessage: 'Step 3/4' } }),
      task({ localId: 'd', toolName: 'deploy', updatedAt: 5, progress: { progress: 9, total: 10, at: 5 } }),
      task({ localId: 'done', toolName: 'old', updatedAt: 50, snapshot: { status: 'completed' } }),
    ];
    expect(trayTooltip('MCP Task Monitor', running, 0)).toBe('MCP Task Monitor: 4 running — build 40 %, index 75 %');
    expect(trayTooltip('MCP Task Monitor', running, 1)).toBe('MCP Task Monitor: 4 running — build 40 %, index 75 % · 1 task waits for your input');
  });

  it('without running tasks it says only what waits (as before)', () => {
    expect(trayTooltip('MCP Task Monitor', [], 0)).toBe('MCP Task Monitor: No task waits for your input');
    expect(trayTooltip('MCP Task Monitor', [task({ snapshot: { status: 'failed' } })], 2)).toBe('MCP Task Monitor: 2 tasks wait for your input');
  });

  it('running tasks without a figure are counted, not named', () => {
    expect(trayTooltip('App', [task({ progress: { progress: 3, at: 1 } })], 0)).toBe('App: 1 running');
  });

  it('a hostile tool name stays one capped line', () => {
    const words = trayTooltip('App', [task({ toolName: `evil\nsecond line\u202e${'x'.repeat(300)}`, progress: { progress: 1, total: 2, at: 1 } })], 3);
    expect(words).not.toMatch(/[\n\u202e]/);
    expect(words.length).toBeLessThanOrEqual(MAX_TOOLTIP_LENGTH);
    expect(words.startsWith('App: 1 running — evil second line')).toBe(true);
  });
});
