/**
 * Answering one question a server asks (docs/elicitation-forms.md). The host already checked the
 * schema: `form` views come with a render model — its notes shown, the keywords it ignored in a
 * quiet note — and `refusal` views with the reasons no form is shown.
 * Nothing is sent without a click on one of three distinct buttons — Accept (the content
 * `validateForm` built), Decline and Cancel (both without content; closing the form is Cancel).
 * The buttons lock with the first click; they unlock only if the host refused or failed the
 * answer, so it can be corrected and sent again.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { acceptResult, cancelResult, declineResult } from '../../../shared/elicitation/elicit-result';
import { valueWarning } from '../../../shared/elicitation/field-values';
import { validateField, validateForm, type FormModel } from '../../../shared/elicitation/form-model';
import type { PendingInputView } from '../../../shared/ipc/contract';
import { quote } from '../../../shared/quoted-text';
import { errorMessage } from '../../queries/unwrap';
import { ErrorNotice } from '../ErrorNotice';
import { FoldedText } from '../FoldedText';
import { VisibleText } from '../VisibleText';
import { InputFormField, initialInput, type FieldInput } from './InputFormField';
import { RootsAnswer } from './RootsAnswer';
import { SamplingAnswer } from './SamplingAnswer';
import { UrlConsent } from './UrlConsent';
import { useSendAnswer } from './use-send-answer';
import './input-form.css';

/** The server's names: the user's own first, then what the server calls itself. */
export function InputServerName({ server }: { server: PendingInputView['server'] }) {
  return (
    <span data-testid="input-server-name">
      <strong>
        <VisibleText text={server.name} />
      </strong>
      {server.reportedName !== undefined && server.reportedName !== server.name && (
        <>
          {' '}
          (calls itself “<VisibleText text={server.reportedName} />”)
        </>
      )}
    </span>
  );
}

/** The question in place: the form, the refusal notice, or what cannot be answered yet. */
export function InputForm({ input }: { input: PendingInputView }) {
  switch (input.kind) {
    case 'form':
      return <FormAnswer input={input} />;
    case 'refusal':
      return <RefusalAnswer input={input} />;
    case 'url':
      return <UrlConsent input={input} />;
    case 'roots':
      return <RootsAnswer input={input} />;
    case 'sampling':
      return <SamplingAnswer input={input} />;
    case 'unsupported':
      return (
        <div className="notice notice--info" data-testid="input-unsupported">
          {input.message !== undefined && input.message !== '' && (
            <p className="notice__text">
              <VisibleText text={input.message} multiline />
            </p>
          )}
          <p className="notice__text">{input.description}</p>
        </div>
      );
  }
}

function FormAnswer({ input }: { input: Extract<PendingInputView, { kind: 'form' }> }) {
  const { form } = input;
  const baseId = useId();
  const { send, locked, error } = useSendAnswer(input);
  // A Map, not an object: field names come from the server.
  const [values, setValues] = useState<ReadonlyMap<string, FieldInput>>(() => new Map(form.fields.map((field) => [field.name, initialInput(field)])));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [isAttempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const errorOf = (name: string): string | undefined => {
    if (!isAttempted && !touched.has(name)) return undefined;
    const field = form.fields.find((candidate) => candidate.name === name);
    if (field === undefined) return undefined;
    const check = validateField(field, values.get(name));
    return check.ok ? undefined : check.message;
  };

  const accept = () => {
    setAttempted(true);
    const validation = validateForm(form, Object.fromEntries(values));
    if (validation.ok) {
      send(acceptResult(validation.content));
      return;
    }
    // Focus the first field that needs attention.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  // Enter in a field must not submit: only a click on Accept does.
  const preventImplicitSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <form ref={formRef} className="input-form" data-testid="input-form" noValidate onSubmit={preventImplicitSubmit}>
      <Message text={input.message} />
      {form.title !== undefined && (
        <h3 className="input-form__title">
          <VisibleText text={form.title} />
        </h3>
      )}
      {form.description !== undefined && (
        <p className="field__help">
          <VisibleText text={form.description} multiline />
        </p>
      )}
      {form.notes.length > 0 && (
        <ul className="notice notice--attention input-form__notes" data-testid="input-notes">
          {form.notes.map((note, index) => (
            <li key={index}>{note}</li>
          ))}
        </ul>
      )}
      <IgnoredKeywords ignored={form.ignored} />
      {form.fields.map((field, index) => (
        <InputFormField
          key={field.name}
          id={`${baseId}-${index}`}
          field={field}
          value={values.get(field.name)}
          error={errorOf(field.name)}
          warning={valueWarning(field, values.get(field.name))}
          disabled={locked}
          onChange={(value) => {
            setValues((previous) => new Map(previous).set(field.name, value));
            setTouched((previous) => new Set(previous).add(field.name));
          }}
        />
      ))}
      {error !== null && <ErrorNotice title="The answer was not sent" message={errorMessage(error)} testId="input-error" />}
      <Buttons locked={locked} onAccept={accept} onDecline={() => send(declineResult())} onCancel={() => send(cancelResult())} />
    </form>
  );
}

/**
 * The keywords the form does not use, folded away: servers' generators add many (`$id`,
 * `examples`, ...), and none of them changes what is asked. Server strings, quoted.
 */
function IgnoredKeywords({ ignored }: { ignored: FormModel['ignored'] }) {
  const count = ignored.reduce((sum, entry) => sum + entry.keywords.length, 0);
  if (count === 0) return null;
  return (
    <details className="input-form__ignored" data-testid="input-ignored">
      <summary>
        {count === 1 ? '1 schema keyword' : `${count} schema keywords`} not used by this form (ignored)
      </summary>
      <ul>
        {ignored.map((entry, index) => (
          <li key={index}>
            {entry.field === undefined ? 'The form' : `Field ${quote(entry.field)}`}: {entry.keywords.map((keyword) => quote(keyword)).join(', ')}
          </li>
        ))}
      </ul>
    </details>
  );
}

function RefusalAnswer({ input }: { input: Extract<PendingInputView, { kind: 'refusal' }> }) {
  const { send, locked, error } = useSendAnswer(input);
  return (
    <div className="input-form" data-testid="input-form">
      <div className="notice notice--error" role="alert" data-testid="input-refusal">
        <p className="notice__text">
          <InputServerName server={input.server} /> sent a form this app will not show, because it asks for more than MCP forms allow:
        </p>
        <ul>
          {input.refusal.problems.map((problem, index) => (
            <li key={index}>
              <VisibleText text={problem} />
            </li>
          ))}
        </ul>
        <p className="notice__text">You can decline or cancel the request.</p>
      </div>
      <Message text={input.message} />
      {error !== null && <ErrorNotice title="The answer was not sent" message={errorMessage(error)} testId="input-error" />}
      <Buttons locked={locked} onDecline={() => send(declineResult())} onCancel={() => send(cancelResult())} />
    </div>
  );
}

function Message({ text }: { text: string }) {
  if (text === '') return null;
  return (
    <p className="input-form__message" data-testid="input-message">
      <FoldedText text={text} multiline />
    </p>
  );
}

function Buttons({ locked, onAccept, onDecline, onCancel }: { locked: boolean; onAccept?: () => void; onDecline: () => void; onCancel: () => void }) {
  return (
    <div className="input-form__buttons">
      {onAccept !== undefined && (
        <button type="button" className="button button--primary" disabled={locked} onClick={onAccept} data-testid="input-accept">
          Accept
        </button>
      )}
      <button type="button" className="button" disabled={locked} onClick={onDecline} data-testid="input-decline">
        Decline
      </button>
      <button type="button" className="button" disabled={locked} onClick={onCancel} data-testid="input-cancel" title="Dismiss without choosing (the same as closing the form)">
        Cancel
      </button>
    </div>
  );
}
