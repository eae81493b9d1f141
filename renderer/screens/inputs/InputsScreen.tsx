/**
 * The needs-input queue: one card per task holding all its questions, oldest first, every
 * question's text in view (answerable ones with their form in place, queued and held ones with
 * what they ask and why they wait). Each card names its server and its task.
 */
import { ErrorNotice } from '../../components/ErrorNotice';
import { ScreenHeading } from '../../components/ScreenHeading';
import { VisibleText } from '../../components/VisibleText';
import { InputCard } from '../../components/input-form/InputCard';
import { groupByTask } from '../../lib/pending-inputs';
import { errorMessage } from '../../queries/unwrap';
import { usePendingInputs, useTaskList } from '../../live/live-context';
import { useAppStore } from '../../store/store-context';
import { selectOpenTask } from '../../store/selectors';

/** The needs-input screen. */
export function InputsScreen() {
  const inputs = usePendingInputs();
  const tasks = useTaskList();
  const openTask = useAppStore(selectOpenTask);
  const groups = groupByTask(inputs.data ?? []);
  const toolOf = (taskId: string | undefined) => (taskId === undefined ? undefined : tasks.data?.find((task) => task.localId === taskId)?.toolName);

  return (
    <section className="screen inputs" data-testid="inputs-screen" aria-labelledby="inputs-title">
      <ScreenHeading id="inputs-title">Needs input</ScreenHeading>
      {inputs.isError && <ErrorNotice title="The questions could not be loaded" message={errorMessage(inputs.error)} onRetry={() => void inputs.refetch()} />}
      {inputs.isSuccess && groups.length === 0 && (
        <p className="notice notice--info" data-testid="inputs-empty">
          No server is waiting for your input.
        </p>
      )}
      <ul className="inputs__list">
        {groups.map(({ id, localId, inputs: questions }) => {
          const tool = toolOf(localId);
          return (
            <InputCard
              key={id}
              inputs={questions}
              extra={
                localId === undefined ? (
                  <span className="field__help" data-testid="input-no-task">Asked outside any call this app can tie it to</span>
                ) : (
                  <button type="button" className="button button--small" onClick={() => openTask(localId)} data-testid="input-open-task">
                    Task{tool !== undefined && <>: <VisibleText text={tool} /></>}
                  </button>
                )
              }
            />
          );
        })}
      </ul>
    </section>
  );
}
