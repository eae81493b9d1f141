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
  localId: z.string().optional(),
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
  localId: z.string().optional(),
  /** The message itself, redacted; absent when it was larger than the log keeps (`bytes` says how large). */
  message: z.unknown().optional(),
});
/** One JSON-RPC message of a server's protocol log. */
export type ProtocolEntry = z.infer<typeof ProtocolEntrySchema>;

export const ExchangeLineSchema = z.object({
  /** Local wall-clock ms of the first message the line stands for. */
  at: z.number(),
  /** Local wall-clock ms of the newest message it stands for (the same as `at` for one message). */
  lastAt: z.number(),
  /** How many identical exchanges in a row the line stands for (300 identical polls: 300). */
  count: z.number().int().positive(),
  /** Who sent the request or notification: `sent` = the app, `received` = the server. */
  direction: z.enum(['sent', 'received']),
  kind: z.enum(['request', 'notification']),
  method: z.string(),
  /** The JSON-RPC id of the newest request it stands for. */
  id: z.union([z.string(), z.number()]).optional(),
  /**
   * How the request ended: `result`, `error`, or `pending` while no answer came (and for a
   * request whose answer never came). Absent for a notification.
   */
  outcome: z.enum(['pending', 'result', 'error']).optional(),
  /** The answer's gist in the app's words, e.g. `working — Step 2/5` or `-32602 Invalid params`. */
  summary: z.string().optional(),
  /**
   * Lines that came between this one and the line before it and were not kept (a task's exchange
   * keeps its first line and its newest ones, see docs/development.md#limits-on-what-a-server-sends).
   */
  droppedBefore: z.number().int().positive().optional(),
  /** Milliseconds the newest request of the line took. */
  durationMs: z.number().nonnegative().optional(),
  /** The HTTP facts of the newest request (status, session, `Mcp-Name`). */
  http: HttpFactsSchema.optional(),
  /** The first request or notification the line stands for, redacted; absent when it was too large to keep. */
  message: z.unknown().optional(),
  /** The answer to that first request, redacted; absent when none came or it was too large to keep. */
  answer: z.unknown().optional(),
});
/**
 * One line of a task's protocol exchange: a request with its answer (or a notification), standing
 * for `count` identical ones in a row. Redacted like the protocol log.
 */
export type ExchangeLine = z.infer<typeof ExchangeLineSchema>;

/**
 * A task as one JSON document (`tasks export`, the UI's Export): `task` is the record without
 * its session credentials or kept server requests (as the window sees it).
 */
export interface TaskExport {
  /** ISO 8601 time of the export. */
  exportedAt: string;
  app: { name: string; version: string };
  task: Record<string, unknown>;
  timeline: unknown[];
  /** The final result, when there is one. */
  result?: unknown;
  exchange: ExchangeLine[];
  /** The task's lines of its server's console (kept while the app runs; empty from the CLI). */
  console: ConsoleEntry[];
}

/** One line of a server-log export (JSON lines): a console line or a protocol-log entry. */
export type ServerLogLine = ({ type: 'console' } & ConsoleEntry) | ({ type: 'protocol' } & ProtocolEntry);
