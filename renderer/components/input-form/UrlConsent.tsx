/**
 * A URL-mode question (docs/protocol-notes.md#url-mode, docs/security.md#url-mode): the full
 * address as text — never a link, nothing fetched — with the host it really goes to highlighted,
 * and the host's warnings. Open is the consent: the host opens the address in the user's browser
 * (Electron: `openExternalSafe`), then the accept (no content) is sent. Where the host cannot open
 * it (browser mode) it says so; the address stays on screen to copy, and the user may still accept.
 * Decline and Cancel carry no content. Buttons lock from the first click until something fails.
 */
import { useState } from 'react';
import type { PendingInputView } from '../../../shared/ipc/contract';
import { useBridge } from '../../bridge/bridge-context';
import { useAnswerInput } from '../../queries/mutations';
import { errorMessage, unwrap } from '../../queries/unwrap';
import { ErrorNotice } from '../ErrorNotice';
import { VisibleText } from '../VisibleText';
import { useClickLock } from './use-click-lock';

type UrlInput = Extract<PendingInputView, { kind: 'url' }>;

/** The consent panel for one URL-mode question. */
export function UrlConsent({ input }: { input: UrlInput }) {
  const bridge = useBridge();
  const answer = useAnswerInput();
  const { locked, lock, unlock } = useClickLock();
  const [openError, setOpenError] = useState<string | null>(null);
  const { url } = input;

  // URL mode: accept carries no content (docs/protocol-notes.md#the-answer-elicitresult).
  const send = (response: { action: 'accept' | 'decline' | 'cancel' }) => answer.mutate({ input, response }, { onError: unlock });
  const respond = (response: { action: 'decline' | 'cancel' }) => {
    if (lock()) send(response);
  };
  const open = async () => {
    if (!lock()) return;
    setOpenError(null);
    try {
      unwrap(await bridge.invoke['app:open-external']({ url: url.full }));
    } catch (error) {
      setOpenError(errorMessage(error));
      unlock();
      return;
    }
    send({ action: 'accept' });
  };
  const acceptWithoutOpening = () => {
    if (lock()) send({ action: 'accept' });
  };

  return (
    <div className="input-form url-consent" data-testid="input-url">
      {input.message !== '' && (
        <p className="input-form__message" data-testid="input-message">
          <VisibleText text={input.message} multiline />
        </p>
      )}
      <p className="notice__text">The server asks you to open this web page in your browser. Nothing has been loaded.</p>
      <dl className="url-consent__facts">
        <dt>It goes to</dt>
        <dd>
          {url.host !== '' ? (
            <strong className="url-consent__host" data-testid="input-url-host">
              <VisibleText text={url.host} />
            </strong>
          ) : (
            <em data-testid="input-url-host">no valid host</em>
          )}
        </dd>
        <dt>Full address</dt>
        <dd>
          <code className="url-consent__full" data-testid="input-url-full">
            <VisibleText text={url.full} />
          </code>
        </dd>
      </dl>
      {url.warnings.length > 0 && (
        // The alert role goes on a wrapper: on the <ul> itself it would hide the list from assistive technology.
        <div className="notice notice--error" role="alert" data-testid="input-url-warnings">
          <ul className="url-consent__warnings">
            {url.warnings.map((warning, index) => (
              <li key={index}>
                <VisibleText text={warning} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {openError !== null && (
        <ErrorNotice title="The address was not opened" message={`${openError} You can copy the full address above.`} testId="input-url-open-error" />
      )}
      {answer.error !== null && <ErrorNotice title="The answer was not sent" message={errorMessage(answer.error)} testId="input-error" />}
      <div className="input-form__buttons">
        {url.canOpen && openError === null && (
          <button type="button" className="button button--primary" disabled={locked} onClick={() => void open()} data-testid="input-url-open" title="Open it in your browser and tell the server you agreed">
            Open
          </button>
        )}
        {url.canOpen && openError !== null && (
          <button type="button" className="button button--primary" disabled={locked} onClick={acceptWithoutOpening} data-testid="input-url-accept-self">
            I will open it myself
          </button>
        )}
        <button type="button" className="button" disabled={locked} onClick={() => respond({ action: 'decline' })} data-testid="input-decline">
          Decline
        </button>
        <button type="button" className="button" disabled={locked} onClick={() => respond({ action: 'cancel' })} data-testid="input-cancel" title="Dismiss without choosing">
          Cancel
        </button>
      </div>
    </div>
  );
}
