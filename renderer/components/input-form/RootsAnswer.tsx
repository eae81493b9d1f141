/**
 * A `roots/list` question: the server asks which folders it may use. It is answered only with the
 * roots the user configured for that server on the Servers screen — listed here exactly as they
 * will be sent; none by default, said plainly — and only on a click. Cancel stops the task instead
 * (a roots request has no "decline" answer).
 */
import type { PendingInputView } from '../../../shared/ipc/contract';
import { useAnswerInput, useCancelTask } from '../../queries/mutations';
import { errorMessage } from '../../queries/unwrap';
import { useAppStore } from '../../store/store-context';
import { selectShowScreen } from '../../store/selectors';
import { ErrorNotice } from '../ErrorNotice';
import { VisibleText } from '../VisibleText';
import { useClickLock } from './use-click-lock';

type RootsInput = Extract<PendingInputView, { kind: 'roots' }>;

/** The roots panel for one `roots/list` question. */
export function RootsAnswer({ input }: { input: RootsInput }) {
  const answer = useAnswerInput();
  const cancelTask = useCancelTask();
  const showScreen = useAppStore(selectShowScreen);
  const { locked, lock, unlock } = useClickLock();
  const once = (action: () => void) => {
    if (lock()) action();
  };
  const error = answer.error ?? cancelTask.error;
  const { localId } = input;
  return (
    <div className="input-form" data-testid="input-roots">
      <p className="notice__text">The server asks which folders on this computer it may work with (roots).</p>
      {input.roots.length === 0 ? (
        <p className="notice notice--info" data-testid="input-roots-none">
          No roots are configured for this server, so it will be told there are none. To share folders with it, add them under “Shared
          folders (roots)” on the Servers screen, then answer.
        </p>
      ) : (
        <>
          <p className="notice__text">It will be told exactly these folders, shared with it on the Servers screen:</p>
          <ul data-testid="input-roots-list">
            {input.roots.map((root) => (
              <li key={root.uri}>
                <code>
                  <VisibleText text={root.uri} />
                </code>
                {root.name !== undefined && (
                  <>
                    {' '}
                    (<VisibleText text={root.name} />)
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <button type="button" className="button" onClick={() => showScreen('servers')} data-testid="input-roots-settings">
          Open the Servers screen
        </button>
      </p>
      {error !== null && <ErrorNotice title="The answer was not sent" message={errorMessage(error)} testId="input-error" />}
      <div className="input-form__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={locked}
          onClick={() => once(() => answer.mutate({ input, response: { roots: input.roots } }, { onError: unlock }))}
          data-testid="input-roots-send"
        >
          {input.roots.length === 0 ? 'Send: no roots' : 'Send these roots'}
        </button>
        {localId !== undefined && (
          <button type="button" className="button" disabled={locked} onClick={() => once(() => cancelTask.mutate(localId, { onError: unlock }))} data-testid="input-cancel" title="Stop the task instead of answering">
            Cancel the task
          </button>
        )}
      </div>
    </div>
  );
}
