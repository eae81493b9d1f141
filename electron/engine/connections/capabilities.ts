/**
 * What the client declares to every server (its identity, its capabilities, the 2026-07-28
 * per-request `_meta` envelope) and what a server's capabilities say about its task form.
 */
import { Client } from '@modelcontextprotocol/client';
import type { ServerState } from '../../../shared/server-config.js';
import type { LogLevel } from '../../../shared/server-log.js';
import { isJsonObject } from '../../../shared/json-guards.js';

/** The extension id of SEP-2663. */
export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';

/** Client identity and capabilities declared on every connection. */
export interface ClientIdentity {
  name: string;
  version: string;
}

/** What the client declares: forms and URL elicitation, sampling, roots (with change notices), and the tasks extension. */
export const CLIENT_CAPABILITIES = {
  elicitation: { form: {}, url: {} },
  sampling: {},
  roots: { listChanged: true },
  extensions: { [TASKS_EXTENSION_ID]: {} },
};

/** A new SDK client that declares `identity` and `CLIENT_CAPABILITIES` and finds the server's era itself (`server/discover`, else `initialize`). */
export function createMcpClient(identity: ClientIdentity): Client {
  return new Client(
    { name: identity.name, version: identity.version },
    { capabilities: CLIENT_CAPABILITIES, versionNegotiation: { mode: 'auto' } },
  );
}

/** The log level 2026-07-28 servers are asked for when the user chose none (the key must be present for any log to come). */
export const DEFAULT_MODERN_LOG_LEVEL: LogLevel = 'info';
/** The per-request `_meta` key of the log level on 2026-07-28 (which removed `logging/setLevel`). */
export const LOG_LEVEL_META = 'io.modelcontextprotocol/logLevel';

/** What a 2026-07-28 request's `_meta` envelope carries on one connection. */
export interface RequestEnvelope {
  protocolVersion: string | undefined;
  identity: ClientIdentity;
  /** True when the server offers logging: only then is the log level sent. */
  logging: boolean;
  /** The level the user chose (absent: `DEFAULT_MODERN_LOG_LEVEL`). */
  logLevel: LogLevel | undefined;
}

/**
 * `params` with the 2026-07-28 per-request `_meta` envelope added (docs/protocol-notes.md#per-request-metadata);
 * the keys the caller put in `_meta` win.
 */
export function withRequestEnvelope(params: Record<string, unknown>, envelope: RequestEnvelope): Record<string, unknown> {
  const meta = isJsonObject(params._meta) ? params._meta : {};
  return {
    ...params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': envelope.protocolVersion,
      'io.modelcontextprotocol/clientInfo': envelope.identity,
      'io.modelcontextprotocol/clientCapabilities': CLIENT_CAPABILITIES,
      // Without the key a server sends no log messages for the request.
      ...(envelope.logging ? { [LOG_LEVEL_META]: envelope.logLevel ?? DEFAULT_MODERN_LOG_LEVEL } : {}),
      ...meta,
    },
  };
}

/**
 * What a connect learnt about the server for its state: era, protocol version (`rejoinedVersion`:
 * the rejoined session's, where the SDK negotiated none), task form, and its name and version
 * (untrusted, cut to length).
 */
function serverFacts(
  client: Client,
  era: ServerState['era'],
  rejoinedVersion: string | undefined,
  capabilities: Record<string, unknown> | undefined,
): Pick<ServerState, 'era' | 'protocolVersion' | 'taskSupport' | 'serverInfo'> {
  const info = client.getServerVersion();
  return {
    era,
    protocolVersion: client.getNegotiatedProtocolVersion() ?? rejoinedVersion,
    taskSupport: detectTaskSupport(era, capabilities),
    serverInfo: info === undefined ? undefined : { name: String(info.name).slice(0, 200), version: String(info.version ?? '').slice(0, 100) },
  };
}

/**
 * The state of a connection that has just connected: `serverFacts`, whether the server logs, the
 * HTTP transport it is on (undefined for stdio), and none of the earlier attempts' problems
 * (`setState` removes the undefined fields).
 */
export function connectedState(
  client: Client,
  era: ServerState['era'],
  rejoinedVersion: string | undefined,
  capabilities: Record<string, unknown> | undefined,
  httpTransport: ServerState['httpTransport'],
): Partial<ServerState> {
  return {
    status: 'connected',
    ...serverFacts(client, era, rejoinedVersion, capabilities),
    lastError: undefined,
    exit: undefined,
    failedStarts: undefined,
    health: undefined,
    logging: isJsonObject(capabilities?.logging),
    httpTransport,
  };
}

/**
 * Which task form a server offers, keeping the eras apart (docs/protocol-notes.md#era-detection):
 * on a legacy connection `extensions` is ignored (SDK v2 servers echo it in `initialize`), on a
 * modern one the legacy `tasks` capability is.
 */
export function detectTaskSupport(era: string | undefined, capabilities: Record<string, unknown> | undefined): ServerState['taskSupport'] {
  if (capabilities === undefined) return 'none';
  if (era === 'modern') {
    const extensions = capabilities.extensions;
    return isJsonObject(extensions) && isJsonObject(extensions[TASKS_EXTENSION_ID]) ? 'extension' : 'none';
  }
  const tasks = capabilities.tasks;
  const requests = isJsonObject(tasks) ? tasks.requests : undefined;
  const tools = isJsonObject(requests) ? requests.tools : undefined;
  return isJsonObject(tools) && isJsonObject(tools.call) ? 'legacy' : 'none';
}
