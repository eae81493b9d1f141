import { describe, expect, it } from 'vitest';
import type { ServerView } from '../../../../shared/ipc/contract';
import { listServerOptions } from '../../../../renderer/screens/inbox/use-inbox';

type Listed = Pick<ServerView, 'id' | 'name' | 'disabled' | 'approved' | 'state'>;
const listed = (id: string, name: string, state: Partial<NonNullable<ServerView['state']>> | undefined = {}, extra: Partial<Listed> = {}): Listed => ({
  id,
  name,
  disabled: false,
  approved: true,
  ...(state !== undefined ? { state: { id, name, status: 'connected', ...state } } : {}),
  ...extra,
});

describe('listServerOptions', () => {
  const configured = [listed('s2', 'Second'), listed('s1', 'First')];
  const cases: [string, string[], Listed[], string[]][] = [
    ['configured servers only', ['s1', 's2'], configured, ['s2:Second', 's1:First']],
    ['a server only tasks name comes after them', ['s1', 'old', 's2'], configured, ['s2:Second', 's1:First', 'old:old (no longer configured)']],
    ['no configured servers', ['a', 'b'], [], ['a:a (no longer configured)', 'b:b (no longer configured)']],
    ['no tasks', [], configured, ['s2:Second', 's1:First']],
  ];
  it.each(cases)('%s', (_name, taskServers, servers, expected) => {
    expect(listServerOptions(taskServers, servers).map(({ id, name }) => `${id}:${name}`)).toEqual(expected);
  });

  it('says why a server\'s tasks may not move', () => {
    const servers = [
      listed('ok', 'Fine'),
      listed('down', 'Down', { health: { condition: 'degraded', kind: 'refused', since: 0, detail: 'connect ECONNREFUSED', failedRequests: 3 } }),
      listed('silent', 'Silent', { health: { condition: 'not-responding', probe: 'ping', since: 0, pingTimeoutMs: 10_000 } }),
      listed('stopped', 'Stopped', { status: 'failed', failedStarts: 5 }),
      listed('off', 'Off', undefined, { disabled: true }),
      listed('retrying', 'Retrying', { status: 'reconnecting' }),
    ];
    expect(listServerOptions([], servers).map((option) => option.status)).toEqual([undefined, 'degraded', 'not responding', 'stopped', 'disabled', 'reconnecting']);
  });
});
