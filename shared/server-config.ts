/**
 * Configured MCP servers and their live connection state.
 */
import { z } from 'zod';

const ServerBaseSchema = z.object({
  /** Stable local id (the key tasks are filed under). */
  id: z.string().min(1).max(200),
  /** The user's own name for the server, shown before anything the server says about itself. */
  name: z.string().min(1).max(200),
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
