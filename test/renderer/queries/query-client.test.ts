import { notifyManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../renderer/queries/query-client';

describe('createQueryClient', () => {
  afterEach(() => vi.useRealTimers());

  it('tells subscribers of a change in the same task, without waiting for a timer', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const observer = new QueryObserver<number>(client, { queryKey: ['answer'], enabled: false });
    const seen: (number | undefined)[] = [];
    // As useQuery subscribes: through the notify manager's batching, which runs on its scheduler.
    const unsubscribe = observer.subscribe(notifyManager.batchCalls((result) => seen.push(result.data)));
    client.setQueryData(['answer'], 1);
    client.setQueryData(['answer'], 2);
    // Only microtasks run here: the fake clock never fires a timer.
    await Promise.resolve();
    await Promise.resolve();
    expect(seen.at(-1)).toBe(2);
    unsubscribe();
  });
});
