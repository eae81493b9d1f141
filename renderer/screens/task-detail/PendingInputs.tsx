/**
 * The questions a server is waiting on for this task, each with its form in place (the same
 * form as the needs-input queue), so the user can answer where they see the task stall.
 */
import { InputItem } from '../../components/input-form/InputItem';
import { usePendingInputs } from '../../queries/use-engine-data';

/** The pending questions of one task; nothing when there are none. */
export function PendingInputs({ taskId }: { taskId: string }) {
  const { data } = usePendingInputs();
  const inputs = (data ?? []).filter((input) => input.taskId === taskId).sort((a, b) => a.receivedAt - b.receivedAt);
  if (inputs.length === 0) return null;
  return (
    <section className="notice notice--attention task-detail__section" data-testid="task-pending-inputs" aria-labelledby="task-inputs-title">
      <h2 id="task-inputs-title">Waiting for your input</h2>
      <ul className="inputs__list">
        {inputs.map((input) => (
          <InputItem key={input.key} input={input} isOpen />
        ))}
      </ul>
    </section>
  );
}
