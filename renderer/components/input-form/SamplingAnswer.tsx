/**
 * A `sampling/createMessage` question answered by a person (there is no model here): the
 * conversation as text (media only as facts, never rendered), the system prompt and the request's
 * parameters, a reply box, Send reply and Decline. The host checked the request and builds the
 * `CreateMessageResult`; this sends only `{action: 'accept', reply}` or `{action: 'decline'}`.
 * What Decline does differs per path, so it is said next to the button before any click.
 */
import { useId, useRef, useState } from 'react';
import type { PendingInputView } from '../../../shared/ipc/contract';
import { replyProblem } from '../../../shared/sampling/sampling-result';
import type { IncludeContext, SamplingPart, SamplingRequestModel } from '../../../shared/sampling/sampling-request';
import type { DeclineEffect } from '../../../shared/task-model';
import { errorMessage } from '../../queries/unwrap';
import { ErrorNotice } from '../ErrorNotice';
import { VisibleText } from '../VisibleText';
import { useSendAnswer } from './use-send-answer';

type SamplingInput = Extract<PendingInputView, { kind: 'sampling' }>;

/** What Decline does, said before the click (the engine decides it per path). */
const DECLINE_EFFECTS: Record<DeclineEffect, string> = {
  refuse: 'Declining tells the server you refused the request; the task goes on, and the server decides what that means.',
  'cancel-task': 'Declining stops the task: this server\'s protocol has no way to refuse a sampling request.',
  'abandon-call': 'Declining abandons the tool call: it is not sent again and ends here as failed.',
};

const INCLUDE_CONTEXT: Record<IncludeContext, string> = {
  none: 'None',
  thisServer: 'This server\'s context (this app adds none)',
  allServers: 'Context from all servers (this app adds none)',
};

const ROLE_LABELS = { user: 'User', assistant: 'Assistant (model)' } as const;

/** The sampling panel for one `sampling/createMessage` question. */
export function SamplingAnswer({ input }: { input: SamplingInput }) {
  const { send, locked, error } = useSendAnswer(input);
  const baseId = useId();
  const [reply, setReply] = useState('');
  const [isAttempted, setAttempted] = useState(false);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const { sampling } = input;
  const problem = isAttempted ? replyProblem(reply) : undefined;

  const sendReply = () => {
    setAttempted(true);
    if (replyProblem(reply) !== undefined) {
      replyRef.current?.focus();
      return;
    }
    send({ action: 'accept', reply });
  };

  return (
    <div className="input-form sampling" data-testid="input-sampling">
      <p className="notice__text">
        The server asks for a model&apos;s answer to the conversation below (sampling). No model answers here: you can write the reply yourself, or
        decline.
      </p>
      {sampling.kind === 'refusal' ? (
        <div className="notice notice--error" role="alert" data-testid="input-sampling-refusal">
          <p className="notice__text">This request is malformed, so it is not shown and can only be declined:</p>
          <ul>
            {sampling.problems.map((item, index) => (
              <li key={index}>
                <VisibleText text={item} />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <Request request={sampling.request} headingId={`${baseId}-conversation`} />
          <div className="field">
            <label htmlFor={`${baseId}-reply`} className="field__label">
              Your reply (sent to the server as the model&apos;s answer)
            </label>
            <textarea
              ref={replyRef}
              id={`${baseId}-reply`}
              className="input sampling__reply"
              rows={6}
              value={reply}
              disabled={locked}
              aria-invalid={problem !== undefined}
              aria-describedby={problem !== undefined ? `${baseId}-reply-error` : undefined}
              onChange={(event) => setReply(event.target.value)}
              data-testid="input-sampling-reply"
            />
            {problem !== undefined && (
              <p id={`${baseId}-reply-error`} className="field__error" data-testid="input-sampling-reply-error">
                {problem}
              </p>
            )}
          </div>
        </>
      )}
      {error !== null && <ErrorNotice title="The answer was not sent" message={errorMessage(error)} testId="input-error" />}
      <p id={`${baseId}-decline`} className="field__help" data-testid="input-decline-effect">
        {DECLINE_EFFECTS[input.declineEffect]}
      </p>
      <div className="input-form__buttons">
        {sampling.kind === 'request' && (
          <button type="button" className="button button--primary" disabled={locked} onClick={sendReply} data-testid="input-sampling-send">
            Send reply
          </button>
        )}
        <button type="button" className="button" disabled={locked} onClick={() => send({ action: 'decline' })} aria-describedby={`${baseId}-decline`} data-testid="input-decline">
          Decline
        </button>
      </div>
    </div>
  );
}

/** The system prompt, the conversation, notes on what is not shown, and the parameters. */
function Request({ request, headingId }: { request: SamplingRequestModel; headingId: string }) {
  return (
    <>
      {request.systemPrompt !== undefined && (
        <div className="sampling__system" data-testid="input-sampling-system">
          <h3 className="sampling__heading">System prompt</h3>
          <Parts parts={request.systemPrompt} />
        </div>
      )}
      <h3 id={headingId} className="sampling__heading">
        Conversation
      </h3>
      {/* Focusable so a long conversation scrolls from the keyboard too. */}
      <ol className="sampling__conversation" aria-labelledby={headingId} tabIndex={0} data-testid="input-sampling-conversation">
        {request.messages.map((message, index) => (
          <li key={index} className={`sampling__message sampling__message--${message.role}`}>
            <span className="sampling__role">{ROLE_LABELS[message.role]}</span>
            <Parts parts={message.parts} />
          </li>
        ))}
      </ol>
      {request.notes.length > 0 && (
        <ul className="input-form__notes" data-testid="input-sampling-notes">
          {request.notes.map((note, index) => (
            <li key={index}>{note}</li>
          ))}
        </ul>
      )}
      <Parameters parameters={request.parameters} />
    </>
  );
}

function Parts({ parts }: { parts: SamplingPart[] }) {
  return parts.map((part, index) =>
    part.kind === 'text' ? (
      <p key={index} className="sampling__text">
        <VisibleText text={part.text} multiline />
      </p>
    ) : (
      <p key={index} className="sampling__note">
        <VisibleText text={part.text} />
      </p>
    ),
  );
}

/** The request's parameters as a compact definition list; absent ones are left out. */
function Parameters({ parameters }: { parameters: SamplingRequestModel['parameters'] }) {
  const priorities = Object.entries(parameters.priorities).map(([name, value]) => `${name} ${value}`);
  return (
    <dl className="sampling__parameters" data-testid="input-sampling-parameters">
      <dt>Longest answer</dt>
      <dd>{parameters.maxTokens.toLocaleString('en-US')} tokens</dd>
      {parameters.temperature !== undefined && (
        <>
          <dt>Temperature</dt>
          <dd>{parameters.temperature}</dd>
        </>
      )}
      <TextList term="Stop sequences" items={parameters.stopSequences} />
      {parameters.includeContext !== undefined && (
        <>
          <dt>Include context</dt>
          <dd>{INCLUDE_CONTEXT[parameters.includeContext]}</dd>
        </>
      )}
      <TextList term="Model hints" items={parameters.modelHints} />
      {priorities.length > 0 && (
        <>
          <dt>Priorities (0–1)</dt>
          <dd>{priorities.join(', ')}</dd>
        </>
      )}
      <TextList term="Tools offered" items={parameters.tools} />
      {parameters.toolChoice !== undefined && (
        <>
          <dt>Tool choice</dt>
          <dd>{parameters.toolChoice}</dd>
        </>
      )}
    </dl>
  );
}

/** Server strings (stop sequences, names) as code, hidden characters shown; nothing when empty. */
function TextList({ term, items }: { term: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <dt>{term}</dt>
      <dd className="sampling__list">
        {items.map((item, index) => (
          <code key={index}>
            <VisibleText text={item} />
          </code>
        ))}
      </dd>
    </>
  );
}
