/**
 * Which saved secrets an edit keeps. The renderer never has a header or environment value (it
 * sees names only, views.ts), so a save says "keep" instead of sending them back:
 * - HTTP: `headers` absent keeps the saved headers, but only while the URL stays on the same
 *   origin: a secret is not sent to a new host unless it is entered again;
 * - stdio: `env` is the whole environment (absent: none), and a `KEEP_SAVED_VALUE` entry keeps
 *   that variable's saved value, so an edit that leaves the variables alone sends every name with
 *   the marker. Values sealed in this session (lost) stay sealed only through an edit that changes
 *   nothing that runs, such as a rename.
 */
import { KEEP_SAVED_VALUE, type ServerInput } from '../../shared/ipc/contract.js';
import { HostError } from './host-error.js';
import { approvalDigest, toServerConfig, type ResolvedServerInput, type ServerEntry } from './server-entry.js';

/**
 * `input` with each kept variable's saved value in place of the marker. Throws a HostError
 * naming a variable asked to be kept that has no value this session can read.
 */
export function withSavedEnv(input: ServerInput, previous: ServerEntry | undefined): ResolvedServerInput {
  if (input.transport === 'http') return input;
  const { env: requested, ...rest } = input;
  if (requested === undefined) return rest;
  const saved = previous?.config.transport === 'stdio' ? previous.config.env : undefined;
  const env: [string, string][] = [];
  for (const [name, value] of Object.entries(requested)) {
    if (value !== KEEP_SAVED_VALUE) {
      env.push([name, value]);
      continue;
    }
    if (saved === undefined || !Object.hasOwn(saved, name)) {
      const isLost = previous?.sealedEnv !== undefined && Object.hasOwn(previous.sealedEnv, name);
      throw new HostError(`The variable "${name}" has no saved value ${isLost ? 'that can be read here' : 'to keep'}: enter its value, or remove it.`);
    }
    env.push([name, saved[name]!]);
  }
  // fromEntries makes own properties only: a `__proto__` name stays a name.
  return { ...rest, env: Object.fromEntries(env) };
}

/** The saved secrets an edit keeps besides what `withSavedEnv` resolved (see the module comment). */
export interface KeptSecrets {
  headers?: Record<string, string>;
  sealed?: Record<string, string>;
  sealedEnv?: Record<string, string | null>;
}

/** The saved headers and sealed values that `input` (already resolved) keeps from `previous`. */
export function keptSecrets(input: ResolvedServerInput, previous: ServerEntry | undefined): KeptSecrets | undefined {
  if (input.transport === 'stdio') {
    return previous?.sealedEnv !== undefined && runsAsBefore(input, previous) ? { sealedEnv: previous.sealedEnv } : undefined;
  }
  if (input.headers !== undefined || previous?.config.transport !== 'http') return undefined;
  if (new URL(input.url).origin !== new URL(previous.config.url).origin) return undefined;
  return {
    ...(previous.config.headers !== undefined ? { headers: previous.config.headers } : {}),
    ...(previous.sealedHeaders !== undefined ? { sealed: previous.sealedHeaders } : {}),
  };
}

/** True when `input` runs exactly what `previous` runs (a rename, say). */
export function runsAsBefore(input: ResolvedServerInput, previous: ServerEntry): boolean {
  return approvalDigest(previous.config) === approvalDigest(toServerConfig(input, previous.config.id));
}
