/**
 * The needs-input queue: every question servers wait on, oldest first. The oldest opens in
 * place; others open on "Answer". Each names its server and its task.
 */
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ScreenHeading } from '../../components/ScreenHeading';
import { VisibleText } from '../../components/VisibleText';
import { InputItem } from '../../components/input-form/InputItem';
import type { QuestionIdentity } from '../../queries/mutations';
import { errorMessage } from '../../queries/unwrap';
import { usePendingInputs, useTaskList } from '../../queries/use-engine-data';
import { useAppStore } from '../../store/store-context';
import { selectOpenTask } from '../../store/selectors';

/** Identity of one question (task or server, and key). */
function inputId(input: QuestionIdentity): string {
  return JSON.stringify([input.taskId ?? null, input.serverId, input.key]);
}

/** The needs-input screen. */
export function InputsScreen() {
  const inputs = usePendingInputs();
  const tasks = useTaskList();
  const openTask = useAppStore(selectOpenTask);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const queue = [...(inputs.data ?? [])].sort((a, b) => a.receivedAt - b.receivedAt);
  const toolOf = (taskId: string | undefined) => (taskId === undefined ? undefined : tasks.data?.find((task) => task.id === taskId)?.toolName);

  return (
    <section className="screen inputs" data-testid="inputs-screen" aria-labelledby="inputs-title">
      <ScreenHeading id="inputs-title">Needs input</ScreenHeading>
      {inputs.isError && <ErrorNotice title="The questions could not be loaded" message={errorMessage(inputs.error)} onRetry={() => void inputs.refetch()} />}
      {inputs.isSuccess && queue.length === 0 && (
        <p className="notice notice--info" data-testid="inputs-empty">
          No server is waiting for your input.
        </p>
      )}
      <ul className="inputs__list">
        {queue.map((input, index) => {
          const id = inputId(input);
          const { taskId } = input;
          const tool = toolOf(taskId);
          return (
            <InputItem
              key={id}
              input={input}
              isOpen={index === 0 || opened.has(id)}
              extra={
                taskId === undefined ? (
                  <span className="field__help" data-testid="input-no-task">Asked outside any call this app can tie it to</span>
                ) : (
                  <button type="button" className="button button--small" onClick={() => openTask(taskId)} data-testid="input-open-task">
                    Task{tool !== undefined && <>: <VisibleText text={tool} /></>}
                  </button>
                )
              }
              opener={
                <button type="button" className="button" onClick={() => setOpened((previous) => new Set(previous).add(id))} data-testid="input-open">
                  Answer
                </button>
              }
            />
          );
        })}
      </ul>
    </section>
  );
}
