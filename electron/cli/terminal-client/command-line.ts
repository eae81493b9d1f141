/**
 * The terminal client's command line: what each command takes, checked before anything runs,
 * and the help text. Parsing never touches the network or the data folder.
 */
import { parseArgs } from 'node:util';
import { isJsonObject } from '../../../shared/json-guards.js';
import { DEFAULT_DATA_DIR } from '../../engine/index.js';
import { ANSWER_POLICY_HELP } from './answer-policy.js';
import { UsageError } from './cli-errors.js';
import { EXIT_CODE_HELP } from './exit-codes.js';

/** Options every command takes. */
interface Common {
  dataDir: string;
  /** One JSON object per line on stdout instead of text. */
  json: boolean;
  /** Engine log lines on stderr. */
  verbose: boolean;
  /** The config file server names are looked up in. */
  configFile: string | undefined;
  /** `--log`: where the servers' console and protocol log go as JSON lines when the command ends (commands that connect). */
  logFile?: string;
  /** How a server that needs sign-in is signed in to (commands that connect). */
  signIn: SignInFlags;
}

/** How the terminal client signs in (see USAGE, "Sign-in"). */
export interface SignInFlags {
  /** `print`: the authorization page's address is printed for the user to open; `follow`: a plain HTTP client follows its redirects. */
  browser: 'print' | 'follow';
  /** A client registered with the authorization server beforehand. */
  clientId?: string;
  /** Its secret (a confidential client); never written to the data folder. */
  clientSecret?: string;
  /** The app's Client ID Metadata Document (https), for authorization servers that support them. */
  clientMetadataUrl?: string;
}

/** Environment variables the sign-in flags default from (the secret is better kept off the command line). */
export const SIGN_IN_ENV = {
  browser: 'MCP_TASK_MONITOR_BROWSER',
  clientId: 'MCP_TASK_MONITOR_CLIENT_ID',
  clientSecret: 'MCP_TASK_MONITOR_CLIENT_SECRET',
  clientMetadataUrl: 'MCP_TASK_MONITOR_CLIENT_METADATA_URL',
} as const;

/** What was asked for. */
export type Command =
  | { kind: 'help' }
  | (Common & { kind: 'call'; target: string; tool: string; args: Record<string, unknown>; watch: boolean; answer: string | undefined })
  | (Common & { kind: 'tools'; target: string })
  | (Common & { kind: 'tasks-list' })
  | (Common & { kind: 'tasks-show'; id: string; watch: boolean; answer: string | undefined; url: string | undefined })
  | (Common & { kind: 'tasks-cancel'; id: string; url: string | undefined })
  | (Common & { kind: 'tasks-export'; id: string; out: string | undefined });

/** Sign-ins one command makes at most (a first one and step-ups for more access). */
export const MAX_SIGN_INS = 3;

export const USAGE = `Usage: mcp-task-monitor <command> [options]

Commands:
  call <url|name> <tool> [--args '<json>'] [--watch] [--answer <policy>] [--log <file>]
      Calls a tool. <url> is a Streamable HTTP endpoint; <name> is a server in the --config
      file. A direct answer is printed at once. When the server starts a task, its id is
      printed and the command ends (the task goes on; follow it with "tasks show <id> --watch"),
      unless --watch follows it to its end. Questions the call itself needs (before it runs)
      are always answered, as --answer says.
  tools <url|name> [--log <file>]
      Lists the server's tools.
  tasks list
      Lists the tasks in the data folder as last seen.
  tasks show <id> [--watch] [--answer <policy>] [--log <file>]
      Shows one task as last seen (its local id, or a unique start of it). --watch connects to
      its server again (the URL kept with the task, --url, or its name in --config) and follows
      it to its end, answering its questions as --answer says.
  tasks cancel <id> [--log <file>]
      Asks the task's server (found as for show) to cancel it and waits up to 30 s for how it
      ends: cancellation is cooperative, so a task may still complete.
  tasks export <id> [--out <file>]
      Writes the task as one JSON document (its record without session credentials, timeline,
      result and protocol exchange, from the data folder) to <file>, or to stdout.
  help
      Shows this text.

Options:
  --config <file>    servers by name: a JSON list of server configs, or a Claude Desktop / Cursor
                     ("mcpServers") or VS Code ("servers", "mcp.servers") config file. A stdio
                     server runs only when you name it in a command, and only for that command.
  --data <dir>       data folder (default ${DEFAULT_DATA_DIR}); one command at a time uses it
  --url <url>        tasks show/cancel: the server's URL, for a task whose URL was not kept
                     (a URL with a query string is never written to the data folder)
  --log <file>       call, tools, tasks show, tasks cancel: when the command ends, write the
                     server's console (stderr, log messages, connection events) and protocol log
                     (every JSON-RPC message, configured secrets redacted) to <file> as JSON lines
  --out <file>       tasks export: the file to write the document to (replaced if it exists)
  --json             one JSON object per line on stdout (the last one: {"type":"end",...})
  --verbose          the engine's log on stderr

Sign-in (call, tools, tasks show --watch, tasks cancel), for an HTTP server that answers 401:
  --browser <how>    print (default): print the authorization page's address; open it in a
                     browser on this machine and sign in there: the answer comes back to a
                     listener on 127.0.0.1 for this sign-in only. follow: a plain HTTP client
                     opens the page and follows its redirects back (no person involved: for
                     authorization servers that answer at once). Env ${SIGN_IN_ENV.browser}.
  --client-id <id>   a client registered with the authorization server beforehand (else the
                     app registers one, or uses --client-metadata-url). Env ${SIGN_IN_ENV.clientId}.
  --client-secret <secret>
                     that client's secret; better given in ${SIGN_IN_ENV.clientSecret}
  --client-metadata-url <https url>
                     the app's Client ID Metadata Document, used where the authorization server
                     supports them. Env ${SIGN_IN_ENV.clientMetadataUrl}.
  Signing in lasts for the command only: tokens are kept in memory, never in the data folder.
  A server that asks for more access (403 insufficient_scope) is signed in to again with it,
  and what was refused is tried again (at most ${MAX_SIGN_INS} sign-ins per command).

${ANSWER_POLICY_HELP}

${EXIT_CODE_HELP}`;

const OPTIONS = {
  args: { type: 'string' },
  watch: { type: 'boolean', default: false },
  answer: { type: 'string' },
  config: { type: 'string' },
  data: { type: 'string', default: DEFAULT_DATA_DIR },
  url: { type: 'string' },
  json: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
  log: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', default: false },
  browser: { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'client-metadata-url': { type: 'string' },
} as const;
type OptionName = keyof typeof OPTIONS;
const COMMON: OptionName[] = ['config', 'data', 'json', 'verbose'];
/** The options of commands that connect to a server (and may have to sign in). */
const SIGN_IN: OptionName[] = ['browser', 'client-id', 'client-secret', 'client-metadata-url'];

/**
 * Parses the arguments (without `node` and the script), the sign-in flags defaulting from `env`
 * (`SIGN_IN_ENV`); throws UsageError on anything unusable.
 */
export function parseCommandLine(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): Command {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals, tokens } = parsed;
  if (values.help || positionals.length === 0 || positionals[0] === 'help') return { kind: 'help' };
  const options = new Set(tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : [])));
  const common: Common = {
    dataDir: values.data,
    json: values.json,
    verbose: values.verbose,
    configFile: values.config,
    ...(values.log !== undefined ? { logFile: values.log } : {}),
    signIn: signInFlags(values, env),
  };
  const [command, ...rest] = positionals;
  switch (command) {
    case 'call': {
      const [target, tool] = operands(rest, ['<url|name>', '<tool>'], 'call');
      allowOnly(options, [...COMMON, ...SIGN_IN, 'args', 'watch', 'answer', 'log'], 'call');
      return { ...common, kind: 'call', target, tool, args: parseToolArguments(values.args), watch: values.watch, answer: values.answer };
    }
    case 'tools': {
      const [target] = operands(rest, ['<url|name>'], 'tools');
      allowOnly(options, [...COMMON, ...SIGN_IN, 'log'], 'tools');
      return { ...common, kind: 'tools', target };
    }
    case 'tasks':
      return parseTasks(rest, options, common, values);
    default:
      throw new UsageError(`Unknown command ${JSON.stringify(command)}.`);
  }
}

function parseTasks(rest: string[], options: ReadonlySet<string>, common: Common, values: { watch: boolean; answer?: string; url?: string; out?: string }): Command {
  const [action, ...given] = rest;
  switch (action) {
    case 'list':
      operands(given, [], 'tasks list');
      allowOnly(options, COMMON, 'tasks list');
      return { ...common, kind: 'tasks-list' };
    case 'show': {
      const [id] = operands(given, ['<id>'], 'tasks show');
      allowOnly(options, [...COMMON, ...SIGN_IN, 'watch', 'answer', 'url', 'log'], 'tasks show');
      if (common.logFile !== undefined && !values.watch) throw new UsageError('tasks show: --log needs --watch (only a followed task connects to its server).');
      if (values.answer !== undefined && !values.watch) throw new UsageError('tasks show: --answer needs --watch (only a followed task is answered).');
      return { ...common, kind: 'tasks-show', id, watch: values.watch, answer: values.answer, url: values.url };
    }
    case 'cancel': {
      const [id] = operands(given, ['<id>'], 'tasks cancel');
      allowOnly(options, [...COMMON, ...SIGN_IN, 'url', 'log'], 'tasks cancel');
      return { ...common, kind: 'tasks-cancel', id, url: values.url };
    }
    case 'export': {
      const [id] = operands(given, ['<id>'], 'tasks export');
      allowOnly(options, [...COMMON, 'out'], 'tasks export');
      return { ...common, kind: 'tasks-export', id, out: values.out };
    }
    default:
      throw new UsageError(action === undefined ? 'tasks: say list, show, cancel or export.' : `Unknown tasks command ${JSON.stringify(action)}: say list, show, cancel or export.`);
  }
}

/** Exactly the operands named in `names`, in order. */
function operands<const Names extends readonly string[]>(given: string[], names: Names, command: string): { [K in keyof Names]: string } {
  if (given.length < names.length) throw new UsageError(`${command}: missing ${names.slice(given.length).join(' ')}.`);
  if (given.length > names.length) throw new UsageError(`${command}: unexpected argument ${JSON.stringify(given[names.length])}.`);
  return given as unknown as { [K in keyof Names]: string };
}

function allowOnly(given: ReadonlySet<string>, allowed: readonly OptionName[], command: string): void {
  const stray = [...given].filter((name) => !(allowed as readonly string[]).includes(name));
  if (stray.length > 0) throw new UsageError(`${command} does not take ${stray.map((name) => `--${name}`).join(', ')}.`);
}

/** The sign-in flags, each from its option, else its environment variable. */
function signInFlags(values: { browser?: string; 'client-id'?: string; 'client-secret'?: string; 'client-metadata-url'?: string }, env: Readonly<Record<string, string | undefined>>): SignInFlags {
  const given = (option: string | undefined, name: keyof typeof SIGN_IN_ENV): string | undefined => {
    const value = option ?? env[SIGN_IN_ENV[name]];
    return value === undefined || value === '' ? undefined : value;
  };
  const browser = given(values.browser, 'browser') ?? 'print';
  if (browser !== 'print' && browser !== 'follow') throw new UsageError(`--browser must be print or follow, not ${JSON.stringify(browser.slice(0, 40))}.`);
  const clientId = given(values['client-id'], 'clientId');
  const clientSecret = given(values['client-secret'], 'clientSecret');
  if (clientSecret !== undefined && clientId === undefined) throw new UsageError('--client-secret needs --client-id (the client it is the secret of).');
  const clientMetadataUrl = given(values['client-metadata-url'], 'clientMetadataUrl');
  if (clientMetadataUrl !== undefined && !/^https:\/\/[^\s]+$/u.test(clientMetadataUrl)) throw new UsageError('--client-metadata-url must be an https:// address (a Client ID Metadata Document).');
  return {
    browser,
    ...(clientId !== undefined ? { clientId } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    ...(clientMetadataUrl !== undefined ? { clientMetadataUrl } : {}),
  };
}

/** `--args`: a JSON object (the tool's arguments); none means `{}`. */
function parseToolArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--args is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isJsonObject(value)) throw new UsageError('--args must be a JSON object, e.g. \'{"a": 1}\'.');
  return value;
}
