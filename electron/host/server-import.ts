/**
 * Reads server lists written for other MCP clients, and our own list format:
 * - Claude Desktop / Cursor: `{"mcpServers": {name: {command, args?, env?, cwd?} | {url, headers?}}}`
 * - VS Code `.vscode/mcp.json`: `{"servers": {name: {type: "stdio"|"http"|"sse", command, args, env, url, headers}}}`
 *   (`"sse"`: the older HTTP+SSE transport, kept as `httpTransport: 'sse'`)
 * - VS Code settings: `{"mcp": {"servers": …}}`
 * - a JSON array of ServerConfig objects (`id` optional), as `npm run serve -- --config` takes.
 * The text is untrusted (pasted, or a file from anywhere): every entry is checked with the same
 * limits as a server the user types in (`ServerInputSchema`); what does not fit is skipped with
 * a reason, never half-imported. Nothing here decides approval or ids: see ConfiguredServers.
 */
import { ServerInputSchema, type ImportReport } from '../../shared/ipc/contract.js';
import { isJsonObject } from '../../shared/json-guards.js';
import { hasEnvValuesOnly, type ResolvedServerInput } from './server-entry.js';
import { HostError, describeZodError } from './host-error.js';

/** Most servers taken from one import; the rest are reported as skipped. */
export const MAX_IMPORT_SERVERS = 200;

/** Names that would alias `Object.prototype` members wherever a name becomes a key. */
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
/** Longest name echoed back in a skip reason (names are untrusted text). */
const MAX_SHOWN_NAME = 200;

/** One entry that was not imported, and why. */
export type SkippedServer = ImportReport['skipped'][number];

/** What an import text holds: servers ready to be given ids, and what was skipped. */
export interface ParsedImport {
  servers: ResolvedServerInput[];
  skipped: SkippedServer[];
}

/** Parses an import text; throws HostError when it is not JSON or not one of the formats. */
export function parseServerImport(json: string): ParsedImport {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new HostError('The text is not valid JSON.');
  }
  return parseServerImportValue(value);
}

/** Like `parseServerImport`, for a value already parsed from JSON. */
export function parseServerImportValue(value: unknown): ParsedImport {
  const named = namedEntries(value);
  if (named === undefined) {
    throw new HostError('No servers found: expected "mcpServers" (Claude Desktop, Cursor), "servers" or "mcp.servers" (VS Code), or a list of servers.');
  }
  const result: ParsedImport = { servers: [], skipped: [] };
  for (const [name, raw] of named.slice(0, MAX_IMPORT_SERVERS)) {
    const read = readEntry(name, raw);
    if (read.ok) result.servers.push(read.server);
    else result.skipped.push({ name: shownName(name), reason: read.reason });
  }
  if (named.length > MAX_IMPORT_SERVERS) {
    result.skipped.push({ name: `${named.length - MAX_IMPORT_SERVERS} more`, reason: `At most ${MAX_IMPORT_SERVERS} servers are imported at once.` });
  }
  return result;
}

/** `[name, entry]` pairs of whichever format `value` is in; undefined when it is none of them. */
function namedEntries(value: unknown): [unknown, unknown][] | undefined {
  if (Array.isArray(value)) return value.map((item: unknown) => [isJsonObject(item) ? item.name : undefined, item]);
  if (!isJsonObject(value)) return undefined;
  const map = value.mcpServers ?? value.servers ?? (isJsonObject(value.mcp) ? value.mcp.servers : undefined);
  // Object.entries lists own keys only; a `__proto__` key from JSON.parse is an own key and is refused by name below.
  return isJsonObject(map) ? Object.entries(map) : undefined;
}

type ReadEntry = { ok: true; server: ResolvedServerInput } | { ok: false; reason: string };

function readEntry(name: unknown, raw: unknown): ReadEntry {
  if (typeof name !== 'string' || name.trim() === '') return skip('The server has no name.');
  if (RESERVED_NAMES.has(name.trim())) return skip(`"${name.trim()}" cannot be used as a server name.`);
  if (!isJsonObject(raw)) return skip('The entry is not an object.');
  const draft = draftConfig(name.trim(), raw);
  if (!draft.ok) return draft;
  if (JSON.stringify({ ...draft.server, name: '' }).includes('${')) {
    return skip('It uses ${…} variables that only the app it came from can fill in (for example VS Code inputs).');
  }
  const parsed = ServerInputSchema.safeParse(draft.server);
  if (!parsed.success) return skip(describeZodError(parsed.error));
  // A file has no saved value to keep: every variable needs its value.
  return hasEnvValuesOnly(parsed.data) ? { ok: true, server: parsed.data } : skip('Each environment value must be a string.');
}

/** The entry in our shape, with each client's spelling of the transport resolved; limits are checked after. */
function draftConfig(name: string, raw: Record<string, unknown>): { ok: true; server: Record<string, unknown> } | { ok: false; reason: string } {
  const kind = raw.type ?? raw.transport ?? ('command' in raw ? 'stdio' : 'url' in raw ? 'http' : undefined);
  const id = typeof raw.id === 'string' ? { id: raw.id } : {};
  switch (kind) {
    case 'stdio': {
      const args = raw.args ?? [];
      if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) return skip('Its arguments ("args") must be a list of strings.');
      return { ok: true, server: { ...id, name, transport: 'stdio', command: raw.command, args, env: raw.env, cwd: raw.cwd } };
    }
    case 'http':
    case 'streamable-http':
    case 'streamableHttp':
      // `httpTransport` and `oauth` are our list's own fields (other clients have none).
      return { ok: true, server: { ...id, name, transport: 'http', url: raw.url, headers: raw.headers, httpTransport: raw.httpTransport, oauth: raw.oauth } };
    case 'sse':
      // The older HTTP+SSE transport (2024-11-05): an HTTP server that is not tried with Streamable HTTP first.
      return { ok: true, server: { ...id, name, transport: 'http', url: raw.url, headers: raw.headers, httpTransport: 'sse' } };
    case undefined:
      return skip('It has neither a "command" nor a "url".');
    default:
      return skip(typeof kind === 'string' ? `Its transport ${JSON.stringify(kind.slice(0, 40))} is not supported.` : 'Its transport is not a name.');
  }
}

function skip(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

function shownName(name: unknown): string {
  if (typeof name !== 'string' || name === '') return '(unnamed)';
  return name.length > MAX_SHOWN_NAME ? `${name.slice(0, MAX_SHOWN_NAME)}…` : name;
}
