/**
 * Commands to the host as mutations. Each unwraps the result envelope into a thrown `HostError`,
 * so a component reads `mutation.error.message`, and writes what it learned into the live store
 * (and the cache) at once instead of waiting for the pushed event.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallOutcome, InvokeRequest, PendingInputView, ServerInput } from '../../shared/ipc/contract';
import { useBridge } from '../bridge/bridge-context';
import { useLiveStoreApi } from '../live/live-context';
import { readPushed } from '../live/live-reads';
import { dropInputs } from '../live/live-store';
import { serverKeys } from './keys';
import { recordCancelRequested, recordTaskUpdates } from './task-cache';
import { useTaskRemoval } from './task-removal';
import { unwrap } from './unwrap';

/** Puts the task a call created into the inbox right away. */
function useRecordOutcome() {
  const live = useLiveStoreApi();
  const client = useQueryClient();
  return (outcome: CallOutcome) => {
    if (outcome.kind !== 'result') recordTaskUpdates(live, client, [outcome.task]);
  };
}

/** `tools:call`: a task (shown in the inbox) or an immediate result. */
export function useCallTool() {
  const bridge = useBridge();
  const record = useRecordOutcome();
  return useMutation({
    mutationFn: async (request: InvokeRequest<'tools:call'>) => unwrap(await bridge.invoke['tools:call'](request)),
    onSuccess: record,
  });
}

/** `tasks:cancel`: the task shows "cancel requested" until the server's terminal state arrives. */
export function useCancelTask() {
  const bridge = useBridge();
  const live = useLiveStoreApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (localId: string) => unwrap(await bridge.invoke['tasks:cancel']({ localId })),
    onSuccess: (_value, localId) => recordCancelRequested(live, client, localId, Date.now()),
  });
}

/** `tasks:remove` as a mutation (see `useTaskRemoval`): stops tracking the task and drops it from the inbox. */
export function useRemoveTask() {
  return useMutation({ mutationFn: useTaskRemoval() });
}

/** After a server command: the host pushes `servers:changed` too, but do not rely on its timing. */
function useRefreshServers() {
  const bridge = useBridge();
  const live = useLiveStoreApi();
  const client = useQueryClient();
  return () => Promise.all([readPushed(live, bridge, 'servers'), client.invalidateQueries({ queryKey: serverKeys.all })]);
}

/** `servers:save`: adds or edits a server (a stdio edit needs a new approval). */
export function useSaveServer() {
  const bridge = useBridge();
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: async (server: ServerInput) => unwrap(await bridge.invoke['servers:save']({ server })),
    onSuccess: refresh,
  });
}

/** `servers:remove`. */
export function useRemoveServer() {
  const bridge = useBridge();
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await bridge.invoke['servers:remove']({ id })),
    onSuccess: refresh,
  });
}

/** `servers:approve` with the digest the user was shown. */
export function useApproveServer() {
  const bridge = useBridge();
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: async (request: InvokeRequest<'servers:approve'>) => unwrap(await bridge.invoke['servers:approve'](request)),
    onSuccess: refresh,
  });
}

/**
 * `servers:update-settings`: the folders shared with a server and the mute of its notifications.
 * The host checks the folders and answers with the server as it now is. Pending roots questions
 * show the folders that would be sent, so they are fetched again too.
 */
export function useUpdateServerSettings() {
  const bridge = useBridge();
  const live = useLiveStoreApi();
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: async (request: InvokeRequest<'servers:update-settings'>) => unwrap(await bridge.invoke['servers:update-settings'](request)),
    onSuccess: () => Promise.all([refresh(), readPushed(live, bridge, 'inputs')]),
  });
}

/** `servers:retry`: starts a server's attempts again at once (one that stopped, or one waiting to retry). */
export function useRetryServer() {
  const bridge = useBridge();
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await bridge.invoke['servers:retry']({ id })),
    onSuccess: refresh,
  });
}

/** `servers:set-enabled`: Disable keeps a server configured but stops it; Enable runs it again. */
export function useSetServerEnabled() {
  const bridge = useBridge();
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: async (request: InvokeRequest<'servers:set-enabled'>) => unwrap(await bridge.invoke['servers:set-enabled'](request)),
    onSuccess: refresh,
  });
}

/** `servers:import`: configs arrive unapproved; the report says what was skipped and why. */
export function useImportServers() {
  const bridge = useBridge();
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: async (json: string) => unwrap(await bridge.invoke['servers:import']({ json })),
    onSuccess: refresh,
  });
}

/**
 * `inputs:answer`: the user's answer to one question (the host checks it again). Once the host
 * took it, the question leaves the queue at once, without waiting for `inputs:changed`.
 */
export function useAnswerInput() {
  const bridge = useBridge();
  const live = useLiveStoreApi();
  return useMutation({
    mutationFn: async ({ input, response }: { input: QuestionIdentity; response: Record<string, unknown> }) => {
      const { localId: taskId, serverId, key } = input;
      return unwrap(await bridge.invoke['inputs:answer']({ ...(taskId !== undefined ? { localId: taskId } : {}), serverId, key, response }));
    },
    onSuccess: (_value, { input: answered }) => {
      dropInputs(live, (input) => isSameQuestion(input, answered));
    },
  });
}

/** What names one question: its task or call (absent for a server's own question), its server and its key. */
export type QuestionIdentity = Pick<PendingInputView, 'localId' | 'serverId' | 'key'>;

/** True when `a` and `b` are the same question. */
export function isSameQuestion(a: QuestionIdentity, b: QuestionIdentity): boolean {
  return a.localId === b.localId && a.serverId === b.serverId && a.key === b.key;
}

/**
 * `servers:sign-in` (the desktop app: the host opens the authorization page in the system
 * browser; browser mode starts sign-in from a link instead, see SignInPanel). Answers at once; the
 * outcome arrives as the server's `state.signIn`.
 */
export function useSignIn() {
  const bridge = useBridge();
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await bridge.invoke['servers:sign-in']({ id })),
    onSuccess: refresh,
  });
}

/** `servers:sign-out`: the host forgets the server's sign-in; it then needs sign-in again. */
export function useSignOut() {
  const bridge = useBridge();
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await bridge.invoke['servers:sign-out']({ id })),
    onSuccess: refresh,
  });
}
