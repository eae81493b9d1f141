import { describe, expect, it } from 'vitest';
import type { ServerView } from '../../../shared/ipc/contract';
import { newlyConnected } from '../../../renderer/queries/server-changes';

function server(id: string, status?: 'connecting' | 'connected' | 'reconnecting' | 'closed'): ServerView {
  return {
    id, name: id, transport: 'http', url: 'http://127.0.0.1/mcp', approved: true, disabled: false, approvalDigest: 'sha256:x', origin: 'user', roots: [], notificationsMuted: false,
    ...(status !== undefined ? { state: { id, name: id, status } } : {}),
  };
}

describe('newlyConnected', () => {
  it.each([
    ['nothing known before', undefined, [server('a', 'connected')], ['a']],
    ['connecting → connected', [server('a', 'connecting')], [server('a', 'connected')], ['a']],
    ['reconnecting → connected', [server('a', 'reconnecting')], [server('a', 'connected')], ['a']],
    ['still connected', [server('a', 'connected')], [server('a', 'connected')], []],
    ['connected → reconnecting', [server('a', 'connected')], [server('a', 'reconnecting')], []],
    ['a new server already connected', [server('a', 'connected')], [server('a', 'connected'), server('b', 'connected')], ['b']],
    ['no state yet', [server('a')], [server('a')], []],
  ] as const)('%s', (_name, before, after, expected) => {
    expect(newlyConnected(before, after)).toEqual(expected);
  });
});
