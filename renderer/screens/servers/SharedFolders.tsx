/**
 * The folders shared with a server (MCP roots): exactly what it is told when it asks which
 * folders it may use (`roots/list`), and nothing when none are listed. The user adds a folder by
 * its full path; the host checks it and turns it into the `file://` URI listed here, so what is
 * shown is what is sent. Changing them needs no approval and does not restart the server.
 */
import { useId, useState, type FormEvent } from 'react';
import type { ServerView } from '../../../shared/ipc/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { VisibleText } from '../../components/VisibleText';
import { useUpdateServerSettings } from '../../queries/mutations';
import { errorMessage } from '../../queries/unwrap';
import { FormField } from './FormField';

const SESSION_ONLY: Partial<Record<ServerView['origin'], string>> = {
  'config-file': 'This server comes from the config file: changes here last for this session only.',
  'command-line': 'This server comes from the command line: changes here last for this session only.',
};

/** The roots as the host takes them back: each by its URI, with its name. */
function asRequested(roots: ServerView['roots']) {
  return roots.map(({ uri, name }) => ({ location: uri, ...(name !== undefined ? { name } : {}) }));
}

/** The Shared folders tab of a server's detail. */
export function SharedFolders({ server }: { server: ServerView }) {
  const add = useUpdateServerSettings();
  const remove = useUpdateServerSettings();
  const [path, setPath] = useState('');
  const [name, setName] = useState('');
  const [emptyError, setEmptyError] = useState<string | undefined>();
  const id = useId();
  const isBusy = add.isPending || remove.isPending;

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (path.trim() === '') {
      setEmptyError('Give the full path of a folder.');
      return;
    }
    setEmptyError(undefined);
    const root = { location: path.trim(), ...(name.trim() !== '' ? { name: name.trim() } : {}) };
    add.mutate(
      { id: server.id, roots: [...asRequested(server.roots), root] },
      {
        onSuccess: () => {
          setPath('');
          setName('');
        },
      },
    );
  };
  const onRemove = (uri: string) => {
    add.reset();
    remove.mutate({ id: server.id, roots: asRequested(server.roots.filter((root) => root.uri !== uri)) });
  };
  const pathError = emptyError ?? (add.isError ? errorMessage(add.error) : undefined);

  return (
    <section className="server-settings" aria-labelledby={`${id}-heading`} data-testid="server-roots">
      <h3 id={`${id}-heading`} className="server-settings__heading">
        Shared folders (roots)
      </h3>
      <p className="field__help">When this server asks which folders it may work with, it is told exactly these, and nothing else.</p>
      {SESSION_ONLY[server.origin] !== undefined && <p className="field__help">{SESSION_ONLY[server.origin]}</p>}
      {server.roots.length === 0 ? (
        <p className="muted" data-testid="server-roots-none">
          None: this server is told no folders are shared.
        </p>
      ) : (
        <ul className="server-settings__roots">
          {server.roots.map((root) => (
            <li key={root.uri} className="server-settings__root" data-testid="server-root">
              <code className="command__part" data-testid="server-root-uri">
                <VisibleText text={root.uri} />
              </code>
              {root.name !== undefined && (
                <span data-testid="server-root-name">
                  <VisibleText text={root.name} />
                </span>
              )}
              <button type="button" className="button" onClick={() => onRemove(root.uri)} disabled={isBusy} aria-label={`Stop sharing ${root.uri}`} data-testid="server-root-remove">
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <ErrorNotice title="Could not remove the folder" message={errorMessage(remove.error)} testId="server-root-remove-error" />}
      <form className="server-settings__add" onSubmit={onAdd} aria-label={`Share a folder with ${server.name}`} noValidate>
        <FormField id={`${id}-path`} label="Folder path" help="The full path, like /home/you/project, or a file:// address." error={pathError}>
          {(props) => (
            <input
              {...props}
              className="input input--code"
              value={path}
              onChange={(event) => setPath(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              data-testid="server-root-path"
            />
          )}
        </FormField>
        <FormField id={`${id}-name`} label="Name (optional)" help={undefined} error={undefined}>
          {(props) => <input {...props} className="input" value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" data-testid="server-root-label" />}
        </FormField>
        <button type="submit" className="button" disabled={isBusy} data-testid="server-root-add">
          {add.isPending ? 'Adding…' : 'Add folder'}
        </button>
      </form>
    </section>
  );
}
