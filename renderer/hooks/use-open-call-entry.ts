/**
 * Opens the entry of a tool call the user starts (launcher, Run again) as soon as the host
 * pushes it, and at the latest when the call answers (see lib/call-entry.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallOutcome } from '../../shared/ipc/contract';
import type { LiveState } from '../live/live-store';
import { findCallEntry, knownIds, type AwaitedCall } from '../lib/call-entry';
import { useLiveStore, useLiveStoreApi } from '../live/live-context';
import { useAppStore } from '../store/store-context';
import { selectOpenTask } from '../store/selectors';

/**
 * `expect(serverId, toolName)` before sending the call; `opened(outcome)` when it answers (the
 * entry may not have shown yet, e.g. a call answered within one frame): it opens the entry only
 * if none was opened yet, so an answer minutes later never pulls the user away from where they
 * went since; `forget()` when the call failed. `isAwaiting` is true until the entry is open.
 */
export function useOpenCallEntry() {
  const live = useLiveStoreApi();
  const openTask = useAppStore(selectOpenTask);
  const [awaited, setAwaitedState] = useState<AwaitedCall | undefined>(undefined);
  // The newest value for `opened`, which runs in a callback of a render that may be long gone.
  const awaitedRef = useRef<AwaitedCall | undefined>(undefined);
  const setAwaited = useCallback((next: AwaitedCall | undefined) => {
    awaitedRef.current = next;
    setAwaitedState(next);
  }, []);
  const select = useCallback((state: LiveState) => (awaited === undefined || state.tasks.data === undefined ? undefined : findCallEntry(state.tasks.data, awaited)), [awaited]);
  const entryId = useLiveStore(select);

  useEffect(() => {
    if (awaited === undefined || entryId === undefined) return;
    setAwaited(undefined);
    openTask(entryId);
  }, [awaited, entryId, openTask, setAwaited]);

  return {
    isAwaiting: awaited !== undefined,
    expect: (serverId: string, toolName: string) =>
      setAwaited({ serverId, toolName, since: Date.now(), known: knownIds(live.getState().tasks.data) }),
    opened: (outcome: CallOutcome) => {
      if (awaitedRef.current === undefined) return;
      setAwaited(undefined);
      openTask(outcome.task.localId);
    },
    forget: () => setAwaited(undefined),
  };
}
