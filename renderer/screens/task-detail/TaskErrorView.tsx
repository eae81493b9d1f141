/** A failed task's JSON-RPC error: code, message and data, as the server sent them (untrusted text). */
import type { TaskSnapshot } from '../../../shared/task-model';
import { JsonTree } from '../../components/JsonTree';
import { VisibleText } from '../../components/VisibleText';

/** The error a failed task ended with. */
export function TaskErrorView({ error }: { error: NonNullable<TaskSnapshot['error']> }) {
  return (
    <section className="notice notice--error task-detail__section" role="alert" data-testid="task-error" aria-labelledby="task-error-title">
      <h2 id="task-error-title">The task failed</h2>
      <p>
        Error <span className="code" data-testid="task-error-code">{error.code}</span>:{' '}
        <span data-testid="task-error-message">
          <VisibleText text={error.message} multiline />
        </span>
      </p>
      {error.data !== undefined && <JsonTree value={error.data} label="error data" />}
    </section>
  );
}
