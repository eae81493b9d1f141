import { describe, expect, it } from 'vitest';
import { listServerOptions } from '../../../../renderer/screens/inbox/use-inbox';

describe('listServerOptions', () => {
  const configured = [
    { id: 's2', name: 'Second' },
    { id: 's1', name: 'First' },
  ];
  const cases: [string, string[], { id: string; name: string }[], string[]][] = [
    ['configured servers only', ['s1', 's2'], configured, ['s2:Second', 's1:First']],
    ['a server only tasks name comes after them', ['s1', 'old', 's2'], configured, ['s2:Second', 's1:First', 'old:old (no longer configured)']],
    ['no configured servers', ['a', 'b'], [], ['a:a (no longer configured)', 'b:b (no longer configured)']],
    ['no tasks', [], configured, ['s2:Second', 's1:First']],
  ];
  it.each(cases)('%s', (_name, taskServers, servers, expected) => {
    expect(listServerOptions(taskServers, servers).map(({ id, name }) => `${id}:${name}`)).toEqual(expected);
  });
});
