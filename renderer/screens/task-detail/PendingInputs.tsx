/**
 * The questions a server is waiting on for this task, in the same card as the needs-input queue
 * (each with its form in place), so the user can answer where they see the task stall.
 */
import { InputCard } from '../../components/input-form/InputCard';
import { usePendingInputs } from '../../live/live-context';

/** The pending questions of one task; nothing when there are none. */
export function PendingInputs({ localId }: { localId: string }) {
  const { data } = usePendingInputs();
  const inputs = (data ?? []).filter((input) => input.localId === localId).sort((a, b) => a.receivedAt - b.receivedAt);
  if (inputs.length === 0) return null;
  return (
    <section className="notice notice--attention task-detail__section" data-testid="task-pending-inputs" aria-labelledby="task-inputs-title">
      <h2 id="task-inputs-title">Waiting for your input</h2>
      <ul className="inputs__list">
        <InputCard inputs={inputs} />
      </ul>
    </section>
  );
}
