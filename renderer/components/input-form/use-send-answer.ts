/**
 * Sends one answer to a pending question, at most once: `locked` from the first send until the
 * host refuses or fails it (then the user can correct it and send again); see `useClickLock`.
 */
import type { PendingInputView } from '../../../shared/ipc/contract';
import { useAnswerInput } from '../../queries/mutations';
import { useClickLock } from './use-click-lock';

/** `send(response)` for `input`, whether it is locked, and the host's last refusal or failure. */
export function useSendAnswer(input: Pick<PendingInputView, 'localId' | 'serverId' | 'key'>) {
  const answer = useAnswerInput();
  const { locked, lock, unlock } = useClickLock();
  const send = (response: Record<string, unknown>) => {
    if (lock()) answer.mutate({ input, response }, { onError: unlock });
  };
  return { send, locked, error: answer.error };
}
