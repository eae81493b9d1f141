/**
 * Sends one answer to a pending question, at most once: `locked` from the first send until the
 * host refuses or fails it (then the user can correct it and send again). A second click in the
 * same frame is dropped by the ref, before React has re-rendered the disabled buttons.
 */
import { useRef, useState } from 'react';
import type { PendingInputView } from '../../../shared/ipc/contract';
import { useAnswerInput } from '../../queries/mutations';

/** `send(response)` for `input`, whether it is locked, and the host's last refusal or failure. */
export function useSendAnswer(input: Pick<PendingInputView, 'taskId' | 'key'>) {
  const answer = useAnswerInput();
  const isLocked = useRef(false);
  const [locked, setLocked] = useState(false);
  const send = (response: Record<string, unknown>) => {
    if (isLocked.current) return;
    isLocked.current = true;
    setLocked(true);
    answer.mutate(
      { taskId: input.taskId, key: input.key, response },
      {
        onError: () => {
          isLocked.current = false;
          setLocked(false);
        },
      },
    );
  };
  return { send, locked, error: answer.error };
}
