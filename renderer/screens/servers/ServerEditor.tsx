/**
 * Add or edit a server. Arguments are one per line, exactly as they will be passed (no shell
 * quoting). In browser mode stdio is locked, and header values typed here last for the session
 * only (nothing can protect them at rest), as the field says. Saved header and environment
 * values are never shown: they are kept unless replaced. An HTTP server may be given its
 * transport and, for sign-in, a client id registered beforehand and the scopes to ask for.
 */
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { replaceEnvValue, type DraftField, type ServerDraft } from '../../lib/server-draft';
import { errorMessage } from '../../queries/unwrap';
import { FormField, type ControlProps } from './FormField';
import { SavedVariables } from './SavedVariables';
import { HTTP_TRANSPORT_LABELS, SESSION_ONLY_HEADERS_NOTE, STDIO_LOCKED_NOTE } from './servers-copy';
import { useServerEditor } from './use-server-editor';

export interface ServerEditorProps {
  draft: ServerDraft;
  canEditStdio: boolean;
  /** Header values typed here are kept for this session only (browser mode), and the field says so. */
  isSessionOnly: boolean;
}

/** The add/edit server form. */
export function ServerEditor({ draft, canEditStdio, isSessionOnly }: ServerEditorProps) {
  const id = useId();
  const editor = useServerEditor(draft);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const isNew = draft.id === undefined;
  const isStdioLocked = draft.transport === 'stdio' && !canEditStdio;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    editor.submit();
  };
  const field = (name: DraftField, label: string, control: (props: ControlProps) => ReactNode, help?: string) => (
    <FormField id={`${id}-${name}`} label={label} help={help} error={editor.errors[name]}>
      {control}
    </FormField>
  );

  return (
    <form className="server-editor" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} data-testid="server-form">
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {isNew ? 'Add a server' : 'Edit server'}
      </h2>
      <fieldset className="server-editor__transport" disabled={!isNew}>
        <legend>Kind</legend>
        <label>
          <input
            type="radio"
            name={`${id}-transport`}
            value="stdio"
            checked={draft.transport === 'stdio'}
            disabled={!canEditStdio}
            onChange={() => editor.update({ transport: 'stdio' })}
            data-testid="server-form-stdio"
          />{' '}
          Command (stdio)
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-transport`}
            value="http"
            checked={draft.transport === 'http'}
            onChange={() => editor.update({ transport: 'http' })}
            data-testid="server-form-http"
          />{' '}
          HTTP
        </label>
      </fieldset>
      {isStdioLocked && <p className="notice notice--info">{STDIO_LOCKED_NOTE}</p>}
      <fieldset className="server-editor__fields" disabled={isStdioLocked}>
        {field('name', 'Name', (props) => (
          <input {...props} className="input" value={draft.name} onChange={(event) => editor.update({ name: event.target.value })} data-testid="server-form-name" />
        ))}
        {draft.transport === 'stdio' ? (
          <>
            {field('command', 'Command', (props) => (
              <input {...props} className="input input--code" spellCheck={false} value={draft.command} onChange={(event) => editor.update({ command: event.target.value })} data-testid="server-form-command" />
            ), 'The program to run, e.g. npx or /usr/local/bin/my-server. It runs directly, never through a shell.')}
            {field('argsText', 'Arguments', (props) => (
              <textarea {...props} className="input input--code" rows={4} spellCheck={false} value={draft.argsText} onChange={(event) => editor.update({ argsText: event.target.value })} data-testid="server-form-args" />
            ), 'One argument per line, exactly as it should be passed: no quotes needed, spaces are kept.')}
            {field('envText', 'Environment', (props) => (
              <textarea {...props} className="input input--code" rows={3} spellCheck={false} value={draft.envText} onChange={(event) => editor.update({ envText: event.target.value })} data-testid="server-form-env" />
            ), isNew || draft.keptEnvNames.length === 0 ? 'One NAME=value per line.' : 'New variables and new values, one NAME=value per line.')}
            <SavedVariables
              names={draft.keptEnvNames}
              onReplace={(name) => editor.update(replaceEnvValue(draft, name))}
              onRemove={(name) => editor.update({ keptEnvNames: draft.keptEnvNames.filter((kept) => kept !== name) })}
            />
            {field('cwd', 'Working folder', (props) => (
              <input {...props} className="input input--code" spellCheck={false} value={draft.cwd} onChange={(event) => editor.update({ cwd: event.target.value })} data-testid="server-form-cwd" />
            ), 'Leave empty for the app\'s default.')}
            {!isNew && <p className="muted">Saving a changed command, argument, variable or folder asks for your approval again before it runs.</p>}
          </>
        ) : (
          <>
            {field('url', 'Address', (props) => (
              <input {...props} type="url" className="input input--code" spellCheck={false} value={draft.url} onChange={(event) => editor.update({ url: event.target.value })} data-testid="server-form-url" />
            ), 'The server\'s endpoint, e.g. https://example.com/mcp.')}
            <fieldset className="server-editor__transport" data-testid="server-form-http-transport">
              <legend>Transport</legend>
              {(['streamable', 'sse'] as const).map((kind) => (
                <label key={kind}>
                  <input
                    type="radio"
                    name={`${id}-http-transport`}
                    value={kind}
                    checked={draft.httpTransport === kind}
                    onChange={() => editor.update({ httpTransport: kind })}
                    data-testid={`server-form-http-transport-${kind}`}
                  />{' '}
                  {HTTP_TRANSPORT_LABELS[kind]}
                </label>
              ))}
              <p className="field__help">
                {draft.httpTransport === 'streamable'
                  ? 'Falls back to HTTP+SSE by itself when the server does not take Streamable HTTP.'
                  : 'Only for servers that speak nothing newer (their address usually ends in /sse).'}
              </p>
            </fieldset>
            {field('headersText', 'Headers', (props) => (
              <textarea {...props} className="input input--code" rows={3} spellCheck={false} value={draft.headersText} onChange={(event) => editor.update({ headersText: event.target.value })} data-testid="server-form-headers" />
            ), `One "Name: value" per line, e.g. Authorization: Bearer …${isNew ? '' : ' Leave empty to keep the headers already saved.'}${isSessionOnly ? ` Values are ${SESSION_ONLY_HEADERS_NOTE}.` : ''}`)}
            <fieldset className="server-editor__sign-in">
              <legend>Sign-in (optional)</legend>
              {field('clientId', 'Client id', (props) => (
                <input {...props} className="input input--code" spellCheck={false} value={draft.clientId} onChange={(event) => editor.update({ clientId: event.target.value })} data-testid="server-form-client-id" />
              ), 'Only if you registered this app with the server\'s sign-in provider yourself. Leave empty and the app identifies itself.')}
              {field('scope', 'Scopes', (props) => (
                <input {...props} className="input input--code" spellCheck={false} value={draft.scope} onChange={(event) => editor.update({ scope: event.target.value })} data-testid="server-form-scope" />
              ), 'Space-separated; asked for only when the server does not say which it needs.')}
            </fieldset>
          </>
        )}
      </fieldset>
      {editor.errors.form !== undefined && <p className="field__error" role="alert">{editor.errors.form}</p>}
      {editor.save.isError && <ErrorNotice title="Could not save the server" message={errorMessage(editor.save.error)} testId="server-form-error" />}
      <div className="server-editor__actions">
        <button type="submit" className="button button--primary" disabled={editor.save.isPending || isStdioLocked} data-testid="server-form-save">
          {editor.save.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={editor.close} data-testid="server-form-cancel">
          Cancel
        </button>
      </div>
    </form>
  );
}
