/** The "?" dialog: every keyboard shortcut, from the key map's own list. */
import { useEffect, useRef } from 'react';
import { KEY_HELP } from './key-map';

export interface KeyboardHelpProps {
  isOpen: boolean;
  onClose: () => void;
}

/** A modal listing the keys; Esc or Close shuts it and focus returns where it was. */
export function KeyboardHelp({ isOpen, onClose }: KeyboardHelpProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null || !isOpen) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Where `<dialog>` has no methods (jsdom) it is merely shown, not modal.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    closeRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      returnTo?.focus();
    };
  }, [isOpen]);

  return (
    <dialog ref={ref} className="keyboard-help" aria-labelledby="keyboard-help-title" onClose={(event) => closedWhileShut(event.currentTarget, onClose)} data-testid="keyboard-help">
      {isOpen && (
        <>
          <h2 id="keyboard-help-title">Keyboard shortcuts</h2>
          <table className="keyboard-help__table">
            <tbody>
              {KEY_HELP.map((entry) => (
                <tr key={entry.does}>
                  <th scope="row">
                    {entry.keys.map((key, index) => (
                      <span key={key}>
                        {index > 0 && ' or '}
                        <kbd>{key}</kbd>
                      </span>
                    ))}
                  </th>
                  <td>{entry.does}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="keyboard-help__note">Keys do nothing while you type in a field.</p>
          <button type="button" className="button" ref={closeRef} onClick={onClose} data-testid="keyboard-help-close">
            Close
          </button>
        </>
      )}
    </dialog>
  );
}

/**
 * Passes on a `close` event only if the dialog is still shut when it arrives. The event is queued,
 * and React may run the show effect's cleanup and the effect again in one go (as it does when the
 * dialog mounts from its lazy chunk under Suspense): the close of that cleanup then arrives after
 * the dialog was shown again, and must not shut it.
 */
function closedWhileShut(dialog: HTMLDialogElement, onClose: () => void): void {
  if (!dialog.open) onClose();
}
