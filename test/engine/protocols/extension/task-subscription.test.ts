/** The listen stream of an extension server: a server that drops every stream before acknowledging it is asked again with a growing wait, not every 2 s. */
import { describe, expect, it } from 'vitest';
import type { ServerConnection } from '../../../../electron/engine/connections/server-connection.js';
import { McpRequestError } from '../../../../electron/engine/connections/mcp-request-error.js';
import { TaskSubscription } from '../../../../electron/engine/protocols/extension/task-subscription.js';
import { FakeClock, flushPromises } from '../../../helpers/fake-clock.js';

/** A connection whose every `subscriptions/listen` ends at once, as a server closing the stream does. */
function droppingConnection() {
  let listens = 0;
  let next = 1;
  const connection = {
    isConnected: true,
    allocateRequestId: () => `mtm-${next++}`,
    request: () => {
      listens += 1;
      return Promise.reject(new McpRequestError('subscriptions/listen: the server closed the stream without answering', undefined, undefined, 'disconnected'));
    },
  } as unknown as ServerConnection;
  return { connection, listens: () => listens };
}

const sink = { onObservation: () => undefined, onPollHint: () => undefined, onQuarantined: () => undefined };

describe('TaskSubscription', () => {
  it('backs off exponentially (capped) when every stream drops before its acknowledgement', async () => {
    const clock = new FakeClock();
    const { connection, listens } = droppingConnection();
    const subscription = new TaskSubscription(connection, sink, clock);
    subscription.setTaskIds(['t1']);
    await flushPromises();
    await clock.advance(10 * 60_000);
    // 4, 8, 16, 32 s, then every 60 s: about a dozen in ten minutes (a fixed 2 s wait made 300).
    expect(listens()).toBeGreaterThanOrEqual(8);
    expect(listens()).toBeLessThanOrEqual(15);
    subscription.reset();
    expect(clock.pendingTimers).toBe(0);
  });
});
