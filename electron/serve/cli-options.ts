/**
 * The command line of `npm run serve`. In browser mode the operator is the only one who may
 * name stdio commands (docs/security.md#browser-mode), so `--config` and `--server` are where they
 * come from; they are taken as approved (the operator named them), kept for the session only, and
 * their ids derive from their names so their tasks resume at the next launch with the same list.
 */
import { DEFAULT_DATA_DIR } from '../engine/index.js';
import { parseArgs } from 'node:util';
import { readServerConfigFile, toOperatorServers } from '../host/config-file.js';
import type { OperatorServer } from '../host/create-host.js';
import { HostError } from '../host/host-error.js';
import { parseServerImportValue, type ParsedImport } from '../host/server-import.js';

export const USAGE = `Usage: npm run serve -- [options]
  --port <n>         port on 127.0.0.1 (default 0: any free port)
  --data <dir>       data folder (default ~/.mcp-task-monitor)
  --config <file>    servers to run: a JSON list of server configs, or a Claude Desktop / Cursor
                     ("mcpServers") or VS Code ("servers", "mcp.servers") config file
  --server '<json>'  one more server config, e.g. '{"name":"x","transport":"http","url":"http://..."}'
                     (repeatable)
  --ui <dir>         the built renderer to serve (default dist/renderer, which npm run serve builds)
  --demo-auth        also run a demo server that needs sign-in, with its own authorization server on
                     127.0.0.1 (any login and password pass), for this session`;

/** A command line that cannot be used; its message says why. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What `npm run serve` was asked to do. */
export interface ServeOptions {
  port: number;
  dataDir: string;
  configuredServers: OperatorServer[];
  /** The built renderer, when not the default. */
  staticRoot: string | undefined;
  /** Config-file entries that were skipped, for the operator to read. */
  notes: string[];
  /** Run the demo sign-in setup (electron/demo-server/auth/demo-sign-in.ts) and add its server for the session. */
  demoAuth: boolean;
  isHelp: boolean;
}

/** Reads the arguments (and the config file); rejects with UsageError on anything unusable. */
export async function readServeOptions(argv: readonly string[]): Promise<ServeOptions> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string', default: '0' },
        data: { type: 'string', default: DEFAULT_DATA_DIR },
        config: { type: 'string' },
        server: { type: 'string', multiple: true, default: [] },
        ui: { type: 'string' },
        'demo-auth': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65_535) throw new UsageError(`--port must be a port number, not ${JSON.stringify(values.port)}.`);

  const taken = new Set<string>();
  const configuredServers: OperatorServer[] = [];
  const notes: string[] = [];
  const add = (parsed: ParsedImport, origin: OperatorServer['origin']): void => {
    configuredServers.push(...toOperatorServers(parsed, origin, taken));
  };
  if (values.config !== undefined) {
    const parsed = await readConfigFile(values.config);
    add(parsed, 'config-file');
    notes.push(...parsed.skipped.map(({ name, reason }) => `Skipped "${name}" from ${values.config}: ${reason}`));
  }
  for (const text of values.server) {
    const parsed = parseOrFail('--server', () => parseServerImportValue([JSON.parse(text)]));
    const [skipped] = parsed.skipped;
    if (skipped !== undefined) throw new UsageError(`--server ${text.slice(0, 80)}: ${skipped.reason}`);
    add(parsed, 'command-line');
  }
  return { port: Number(values.port), dataDir: values.data, staticRoot: values.ui, configuredServers, notes, demoAuth: values['demo-auth'], isHelp: values.help };
}

async function readConfigFile(file: string): Promise<ParsedImport> {
  try {
    return await readServerConfigFile(file);
  } catch (error) {
    if (error instanceof HostError) throw new UsageError(`--config ${error.message}`);
    throw error;
  }
}

function parseOrFail(what: string, parse: () => ParsedImport): ParsedImport {
  try {
    return parse();
  } catch (error) {
    if (error instanceof HostError || error instanceof SyntaxError) throw new UsageError(`${what}: ${error.message}`);
    throw error;
  }
}
