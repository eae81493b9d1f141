/** A failed task's (or refused call's) JSON-RPC error: code, message and data, as the server sent them (untrusted text). */
import type { TaskSnapshot } from '../../../shared/task-model';
import { JsonTree } from '../../components/JsonTree';
import { FoldedText } from '../../components/FoldedText';

/** The error a failed task ended with; `title` names what failed (default: the task). */
export function TaskErrorView({ error, title = 'The task failed' }: { error: NonNullable<TaskSnapshot['error']>; title?: string }) {
  return (
    <section className="notice notice--error task-detail__section" role="alert" data-testid="task-error" aria-labelledby="task-error-title">
      <h2 id="task-error-title">{title}</h2>
      <p>
        Error <span className="code" data-testid="task-error-code">{error.code}</span>:{' '}
        <span data-testid="task-error-message">
          <FoldedText text={error.message} multiline />
        </span>
      </p>
      {error.data !== undefined && <JsonTree value={error.data} label="error data" />}
    </section>
  );
}
