/**
 * Import servers from a Claude Desktop, Cursor or VS Code config: paste the JSON or pick the
 * file. Imported servers arrive unapproved
 * (docs/security.md#running-servers-stdio-is-code-execution); the report says what was imported and
 * what was skipped, and why.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useImportServers } from '../../queries/mutations';
import { errorMessage } from '../../queries/unwrap';
import { ImportReportView } from './ImportReportView';
import { MAX_IMPORT_CHARS, readFileText } from './use-file-text';

/** The import section of the servers screen (`id`: what its toggle controls). */
export function ImportPanel({ id: panelId }: { id: string }) {
  const id = useId();
  const [json, setJson] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const importServers = useImportServers();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file === undefined) return;
    setFileProblem(null);
    readFileText(file).then(setJson, (error: unknown) => setFileProblem(errorMessage(error)));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    importServers.mutate(json);
  };

  return (
    <section id={panelId} className="import" aria-labelledby={`${id}-title`} data-testid="import-panel">
      <h2 id={`${id}-title`}>Import servers</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-json`} className="field__label">
            Config JSON (Claude Desktop, Cursor or VS Code)
          </label>
          <textarea
            id={`${id}-json`}
            className="input input--code"
            rows={8}
            spellCheck={false}
            maxLength={MAX_IMPORT_CHARS}
            value={json}
            onChange={(event) => setJson(event.target.value)}
            placeholder='{ "mcpServers": { "name": { "command": "npx", "args": ["-y", "some-server"] } } }'
            data-testid="import-json"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-file`} className="field__label">
            Or choose the config file
          </label>
          <input id={`${id}-file`} type="file" accept=".json,application/json" onChange={onFile} data-testid="import-file" />
        </div>
        {fileProblem !== null && <ErrorNotice title="Could not read the file" message={fileProblem} />}
        <p className="muted">Imported servers that run a command stay stopped until you approve each one.</p>
        <button type="submit" className="button button--primary" disabled={json.trim() === '' || importServers.isPending} data-testid="import-submit">
          {importServers.isPending ? 'Importing…' : 'Import'}
        </button>
      </form>
      {importServers.isError && <ErrorNotice title="Could not import" message={errorMessage(importServers.error)} testId="import-error" />}
      {importServers.data !== undefined && <ImportReportView report={importServers.data} />}
    </section>
  );
}
