/**
 * What a change of the server list may do on this host, each rule saying why not in plain words:
 * a server given on this launch is changed where it was given, a saved server keeps its kind,
 * browser mode adds or changes no command, environment values need a keychain to be kept, and an
 * import skips what is configured already. Also when an edit makes the sign-in credentials go.
 */
import type { ServerInput } from '../../shared/ipc/contract.js';
import type { ServerConfig } from '../../shared/server-config.js';
import type { SecretStore } from './host-api.js';
import { HostError } from './host-error.js';
import { runsAsBefore } from './saved-secrets.js';
import { approvalDigest, isOperatorOrigin, toServerConfig, type OperatorServer, type ResolvedServerInput, type ServerEntry } from './server-entry.js';

/** Where a server given on this launch came from, in words. */
const OPERATOR_SOURCE: Record<OperatorServer['origin'], string> = { 'config-file': 'the config file', 'command-line': 'the command line' };

/** What the rules need to know of the host (`ConfiguredServersOptions`). */
export interface EditingHost {
  /** Whether the UI may add, change or approve stdio commands. */
  canEditStdio: boolean;
  secrets: Pick<SecretStore, 'protection'>;
}

/** Throws a HostError when `entry` was given on this launch (config file, command line): it is changed there. */
export function assertEditable(entry: ServerEntry): void {
  if (isOperatorOrigin(entry.origin)) {
    throw new HostError(`"${entry.config.name}" comes from ${OPERATOR_SOURCE[entry.origin]} of this launch; change it there.`);
  }
}

/** Throws a HostError unless `input` keeps the transport of the server it changes. */
export function assertSameTransport(input: ServerInput, previous: ServerEntry): void {
  if (input.transport === previous.config.transport) return;
  const kinds = { stdio: 'runs a command (stdio)', http: 'is an HTTP server' };
  throw new HostError(
    `"${previous.config.name}" ${kinds[previous.config.transport]}, and a saved server keeps its kind: add the ${input.transport === 'http' ? 'HTTP address' : 'command'} as a new server instead.`,
  );
}

/** Why this host refuses `input` (replacing `previous`), if it does. */
export function refusalOf(input: ResolvedServerInput, previous: ServerEntry | undefined, host: EditingHost): string | undefined {
  const isSameCommand = input.transport === 'stdio' && previous !== undefined && runsAsBefore(input, previous);
  if (input.transport === 'stdio' && !host.canEditStdio && !isSameCommand) {
    return 'Commands cannot be added or changed from the browser: start npm run serve with --config or --server to run this server.';
  }
  if (host.secrets.protection === 'unavailable' && !isSameCommand) {
    if (input.transport === 'stdio' && Object.keys(input.env ?? {}).length > 0) {
      return 'Environment values cannot be kept safely without a system keychain: leave them out, or give this server to npm run serve with --config or --server.';
    }
  }
  return undefined;
}

/** "Already configured" when one of `entries` has the same name and runs the same thing. */
export function duplicateOf(input: ResolvedServerInput, entries: readonly ServerEntry[]): string | undefined {
  const digest = approvalDigest(toServerConfig(input, ''));
  const same = entries.find((entry) => entry.config.name === input.name && approvalDigest(entry.config) === digest);
  return same === undefined ? undefined : `Already configured (as "${same.config.id}").`;
}

/** True when credentials issued for `a` still belong to `b`: the same address and the same sign-in client. */
export function sameSignIn(a: ServerConfig, b: ServerConfig): boolean {
  if (a.transport !== 'http' || b.transport !== 'http') return a.transport === b.transport;
  return a.url === b.url && a.oauth?.clientId === b.oauth?.clientId;
}
