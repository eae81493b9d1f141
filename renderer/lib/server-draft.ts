/**
 * The add/edit server form as data: what the user typed (one argument per line, `NAME=value`
 * environment lines, `Name: value` header lines) and its conversion to the contract's
 * `ServerInput`. Saved header and environment values never reach the renderer: a saved variable
 * is edited by name (kept, its value replaced, or removed), and a kept one is sent as
 * `KEEP_SAVED_VALUE` so the host fills in the value it has. Arguments are kept exactly as typed — no trimming, no shell splitting — because
 * they are what will run (docs/security.md#running-servers-stdio-is-code-execution).
 */
import { KEEP_SAVED_VALUE, ServerInputSchema, type ServerInput, type ServerView } from '../../shared/ipc/contract';
import type { HttpTransportKind } from '../../shared/server-config';

/** The form's fields, as text. */
export interface ServerDraft {
  /** Set when editing an existing server. */
  id?: string;
  transport: 'stdio' | 'http';
  name: string;
  command: string;
  /** One argument per line. */
  argsText: string;
  /** One `NAME=value` per line: new variables, and new values of saved ones (a line wins over a kept name). */
  envText: string;
  /** Saved variables whose values the host keeps (names only: the values stay on the host). */
  keptEnvNames: string[];
  cwd: string;
  url: string;
  /** One `Name: value` per line; empty keeps the headers the server already has. */
  headersText: string;
  /** HTTP: Streamable HTTP (with the spec's fallback) or the older HTTP+SSE only. */
  httpTransport: HttpTransportKind;
  /** HTTP: a client id registered with the authorization server beforehand (empty: the app chooses). */
  clientId: string;
  /** HTTP: scopes to ask for when the server does not say (space-separated; empty: none). */
  scope: string;
}

/** A draft field that can carry an error message. */
export type DraftField = 'name' | 'command' | 'argsText' | 'envText' | 'cwd' | 'url' | 'headersText' | 'clientId' | 'scope' | 'form';

export type DraftCheck = { ok: true; server: ServerInput } | { ok: false; errors: Partial<Record<DraftField, string>> };

/** A blank draft. */
export function emptyServerDraft(transport: ServerDraft['transport']): ServerDraft {
  return { transport, name: '', command: '', argsText: '', envText: '', keptEnvNames: [], cwd: '', url: '', headersText: '', httpTransport: 'streamable', clientId: '', scope: '' };
}

/** A draft to edit an existing server: header and environment values never reach the renderer, so saved variables are kept by name. */
export function serverToDraft(server: ServerView): ServerDraft {
  return {
    id: server.id,
    transport: server.transport,
    name: server.name,
    command: server.command ?? '',
    argsText: (server.args ?? []).join('\n'),
    envText: '',
    keptEnvNames: server.envNames ?? [],
    cwd: server.cwd ?? '',
    url: server.url ?? '',
    headersText: '',
    httpTransport: server.httpTransport ?? 'streamable',
    clientId: server.oauth?.clientId ?? '',
    scope: server.oauth?.scope ?? '',
  };
}

/** Lines of a textarea; the newline that ends the last line does not make an extra empty line. */
function splitLines(source: string): string[] {
  if (source === '') return [];
  const lines = source.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** One argument per line, exactly as typed (an empty line in the middle is an empty argument). */
export function parseArgumentLines(source: string): string[] {
  return splitLines(source);
}

/** `NAME<separator>value` lines as a record, or the first bad line. Blank lines are skipped. */
export function parsePairLines(source: string, separator: '=' | ':'): { ok: true; pairs: Record<string, string> } | { ok: false; error: string } {
  const pairs: [string, string][] = [];
  for (const [index, line] of splitLines(source).entries()) {
    if (line.trim() === '') continue;
    const at = line.indexOf(separator);
    const name = at > 0 ? line.slice(0, at).trim() : '';
    if (name === '') {
      return { ok: false, error: `Line ${index + 1}: write ${separator === '=' ? 'NAME=value' : 'Name: value'}.` };
    }
    const value = line.slice(at + 1);
    pairs.push([name, separator === ':' ? value.trim() : value]);
  }
  return { ok: true, pairs: Object.fromEntries(pairs) };
}

/**
 * A saved variable's "Replace value": it is no longer kept, and gets a `NAME=` line to type its
 * new value on (the old one is never shown).
 */
export function replaceEnvValue(draft: Pick<ServerDraft, 'envText' | 'keptEnvNames'>, name: string): Pick<ServerDraft, 'envText' | 'keptEnvNames'> {
  const text = draft.envText === '' || draft.envText.endsWith('\n') ? draft.envText : `${draft.envText}\n`;
  return { keptEnvNames: draft.keptEnvNames.filter((kept) => kept !== name), envText: `${text}${name}=` };
}

/** The `env` of a save: kept names with the marker, then the typed values (which win); absent when there is none. */
function environmentOf(kept: readonly string[], typed: Record<string, string>): { env?: Record<string, string | null> } {
  const env = Object.fromEntries<string | null>([...kept.map((name) => [name, KEEP_SAVED_VALUE] as const), ...Object.entries(typed)]);
  return Object.keys(env).length > 0 ? { env } : {};
}

/** Checks a draft and converts it to what `servers:save` takes. */
export function draftToServerInput(draft: ServerDraft): DraftCheck {
  const errors: Partial<Record<DraftField, string>> = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'Give the server a name.';
  const id = draft.id !== undefined ? { id: draft.id } : {};
  let server: ServerInput | undefined;
  if (draft.transport === 'stdio') {
    if (draft.command.trim() === '') errors.command = 'Enter the command to run.';
    const env = parsePairLines(draft.envText, '=');
    if (!env.ok) errors.envText = env.error;
    server = {
      ...id,
      name,
      transport: 'stdio',
      command: draft.command,
      args: parseArgumentLines(draft.argsText),
      ...(env.ok ? environmentOf(draft.keptEnvNames, env.pairs) : {}),
      ...(draft.cwd !== '' ? { cwd: draft.cwd } : {}),
    };
  } else {
    const url = draft.url.trim();
    if (!/^https?:\/\/[^\s]+$/i.test(url) || !URL.canParse(url)) errors.url = 'Enter an http:// or https:// address.';
    const headers = parsePairLines(draft.headersText, ':');
    if (!headers.ok) errors.headersText = headers.error;
    const clientId = draft.clientId.trim();
    // Scopes are space-separated: runs of white space are one separator.
    const scope = draft.scope.trim().split(/\s+/).filter(Boolean).join(' ');
    if (/\s/.test(clientId)) errors.clientId = 'A client id has no spaces.';
    server = {
      ...id,
      name,
      transport: 'http',
      url,
      ...(headers.ok && Object.keys(headers.pairs).length > 0 ? { headers: headers.pairs } : {}),
      ...(draft.httpTransport === 'sse' ? { httpTransport: 'sse' } : {}),
      ...(clientId !== '' || scope !== '' ? { oauth: { ...(clientId !== '' ? { clientId } : {}), ...(scope !== '' ? { scope } : {}) } } : {}),
    };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // The contract's own schema has the limits the host enforces; check them here to say so early.
  const parsed = ServerInputSchema.safeParse(server);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, errors: { form: issue !== undefined ? `${issue.path.join('.') || 'server'}: ${issue.message}` : 'The server is not valid.' } };
  }
  return { ok: true, server: parsed.data };
}
