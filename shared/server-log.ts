/**
 * What the app records of each server's activity, in one shape for the engine, the hosts, the
 * renderer and the exports: the server console (its stderr, its `notifications/message` log, the
 * connection's events) and the protocol log (every JSON-RPC message in and out). Everything here
 * is untrusted server text, cleaned and capped by the engine, and redacted before it is stored:
 * no configured header or environment value, and no `Authorization`, is ever kept.
 */
import { z } from 'zod';

/** The MCP logging levels, least severe first (RFC 5424 syslog severities). */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export const LogLevelSchema = z.enum(LOG_LEVELS);
/** A `notifications/message` level, and what `logging/setLevel` asks for. */
export type LogLevel = z.infer<typeof LogLevelSchema>;

export const ConsoleSourceSchema = z.enum(['stderr', 'log', 'connection']);
/**
 * Where a console line came from: `stderr` = a line a stdio server wrote to its stderr;
 * `log` = a `notifications/message`; `connection` = the app's own account of the connection
 * (connecting, the era it detected, a drop and why, a reconnect, stopped).
 */
export type ConsoleSource = z.infer<typeof ConsoleSourceSchema>;

export const ConsoleEntrySchema = z.object({
  /** Increasing per server (never reused while the app runs): where a reader left off. */
  seq: z.number().int().nonnegative(),
  /** Local wall-clock ms. */
  at: z.number(),
  source: ConsoleSourceSchema,
  /** `log` only: the level the server gave. */
  level: LogLevelSchema.optional(),
  /** `log` only: the server's `logger` name. */
  logger: z.string().optional(),
  /** The line, the log message's text, or the event in the app's words (cleaned, capped). */
  text: z.string(),
  /** `log` only: the notification's `data` when it is not plain text (capped, redacted). */
  data: z.unknown().optional(),
  /** Local id of the task or call it belongs to, when the app could tell. */
  taskId: z.string().optional(),
});
/** One line of a server's console. */
export type ConsoleEntry = z.infer<typeof ConsoleEntrySchema>;

export const HttpFactsSchema = z.object({
  /** The HTTP status the request was answered with. */
  status: z.number().int().optional(),
  /** The `Mcp-Session-Id` sent or received (2025-11-25 sessions). */
  sessionId: z.string().optional(),
  /** The `Mcp-Name` header sent (2026-07-28: the tool name, or the task id of `tasks/*`). */
  mcpName: z.string().optional(),
});
/** The HTTP facts of one message that matter to a reader (never `Authorization` or a configured header). */
export type HttpFacts = z.infer<typeof HttpFactsSchema>;

export const ProtocolEntrySchema = z.object({
  /** Increasing per server, as for the console. */
  seq: z.number().int().nonnegative(),
  /** Local wall-clock ms. */
  at: z.number(),
  direction: z.enum(['sent', 'received']),
  kind: z.enum(['request', 'response', 'error', 'notification']),
  /** The method; for a response or an error, the method of the request it answers. */
  method: z.string().optional(),
  /** The JSON-RPC id of a request, response or error. */
  id: z.union([z.string(), z.number()]).optional(),
  /** Size of the message as JSON, in bytes. */
  bytes: z.number().int().nonnegative(),
  /** Responses and errors: milliseconds since the request went out. */
  durationMs: z.number().nonnegative().optional(),
  http: HttpFactsSchema.optional(),
  /** Local id of the task or call it belongs to, when the app could tell. */
  taskId: z.string().optional(),
  /** The message itself, redacted; absent when it was larger than the log keeps (`bytes` says how large). */
  message: z.unknown().optional(),
});
/** One JSON-RPC message of a server's protocol log. */
export type ProtocolEntry = z.infer<typeof ProtocolEntrySchema>;
