/**
 * The questions a server is waiting on for this task, shown so the user knows why it stalls.
 * Which server asks comes from the detail's facts; each message is the server's (untrusted) text.
 */
import type { PendingInput } from '../../../shared/task-model';
import { VisibleText } from '../../components/VisibleText';
import { usePendingInputs } from '../../queries/use-engine-data';

/** A Map, not an object: the method is untrusted and `"constructor"` must not find Object's. */
const KIND_LABELS: ReadonlyMap<string, string> = new Map([
  ['elicitation/create', 'asks for information'],
  ['sampling/createMessage', 'asks for a model completion'],
  ['roots/list', 'asks which folders it may use'],
]);

/** The message of a request, when it carries one. */
function requestMessage(input: PendingInput): string | undefined {
  const message = input.request.params?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The pending questions of one task; nothing when there are none. */
export function PendingInputs({ taskId }: { taskId: string }) {
  const { data } = usePendingInputs();
  const inputs = (data ?? []).filter((input) => input.taskId === taskId);
  if (inputs.length === 0) return null;
  return (
    <section className="notice notice--attention task-detail__section" data-testid="task-pending-inputs" aria-labelledby="task-inputs-title">
      <h2 id="task-inputs-title">Waiting for your input</h2>
      <ul>
        {inputs.map((input) => {
          const message = requestMessage(input);
          return (
            <li key={input.key}>
              The server {KIND_LABELS.get(input.request.method) ?? <>sent a request (<VisibleText text={input.request.method} />)</>}
              {message !== undefined && (
                <>
                  : <VisibleText text={message} multiline />
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
