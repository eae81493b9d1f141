/**
 * Configured MCP servers and their live connection state.
 */
import { z } from 'zod';

/** Most roots one server may be given. */
export const MAX_ROOTS = 50;
/** Longest root URI and root name kept. */
export const MAX_ROOT_URI_LENGTH = 4_096;
export const MAX_ROOT_NAME_LENGTH = 200;

/**
 * True for a `file://` URI of an absolute local path, in the canonical form WHATWG `URL` writes
 * (so one folder has one spelling and duplicates can be found): no host, query or fragment.
 */
export function isFileRootUri(uri: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return false;
  }
  return parsed.protocol === 'file:' && parsed.host === '' && parsed.search === '' && parsed.hash === '' && parsed.href === uri && parsed.pathname.startsWith('/');
}

/** A folder shared with a server (MCP `Root`): what `roots/list` answers. */
export const RootSchema = z.strictObject({
  uri: z.string().max(MAX_ROOT_URI_LENGTH).refine(isFileRootUri, 'must be a file:// URI of an absolute path'),
  name: z.string().min(1).max(MAX_ROOT_NAME_LENGTH).optional(),
});
export type Root = z.infer<typeof RootSchema>;

const ServerBaseSchema = z.object({
  /** Stable local id (the key tasks are filed under). */
  id: z.string().min(1).max(200),
  /** The user's own name for the server, shown before anything the server says about itself. */
  name: z.string().min(1).max(200),
  /**
   * Folders the user shares with this server: the only answer to its `roots/list` (none when
   * absent). A setting, not part of what runs: changing it never needs approval or a reconnect.
   */
  roots: z.array(RootSchema).max(MAX_ROOTS).optional(),
  /** The user muted this server's desktop notifications (absent: not muted). Not part of what runs. */
  notificationsMuted: z.boolean().optional(),
});

export const StdioServerConfigSchema = ServerBaseSchema.extend({
  transport: z.literal('stdio'),
  command: z.string().min(1),
  /** Passed to the process as an array, never through a shell. */
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
});

export const HttpServerConfigSchema = ServerBaseSchema.extend({
  transport: z.literal('http'),
  url: z.url({ protocol: /^https?$/ }),
  /** Secrets (tokens) may live here: never log them, never persist them in plain text. */
  headers: z.record(z.string(), z.string()).optional(),
});

export const ServerConfigSchema = z.discriminatedUnion('transport', [StdioServerConfigSchema, HttpServerConfigSchema]);
/** One configured MCP server: a stdio command or a Streamable HTTP endpoint. */
export type ServerConfig = z.infer<typeof ServerConfigSchema>;
export type StdioServerConfig = z.infer<typeof StdioServerConfigSchema>;
export type HttpServerConfig = z.infer<typeof HttpServerConfigSchema>;

export const ProtocolEraSchema = z.enum(['modern', 'legacy']);
/** `modern` = 2026-07-28 (`server/discover`, per-request `_meta`); `legacy` = `initialize`-based. */
export type ProtocolEra = z.infer<typeof ProtocolEraSchema>;

export const ConnectionStatusSchema = z.enum(['connecting', 'connected', 'reconnecting', 'closed']);
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export const ServerStateSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: ConnectionStatusSchema,
  era: ProtocolEraSchema.optional(),
  protocolVersion: z.string().optional(),
  /** Which task form the server offers: `none` when it advertises no tasks. */
  taskSupport: z.enum(['extension', 'legacy', 'none']).optional(),
  /** The server's self-reported identity (untrusted text). */
  serverInfo: z.object({ name: z.string(), version: z.string().optional() }).optional(),
  lastError: z.string().optional(),
  /** Wall-clock ms of the next reconnect attempt while `reconnecting`. */
  nextRetryAt: z.number().optional(),
});
/** What the app knows about a server's connection right now. */
export type ServerState = z.infer<typeof ServerStateSchema>;
