/**
 * Configured MCP servers and their live connection state.
 */
import { z } from 'zod';
import { isFileRootUri, MAX_REPORTED_LINE_LENGTH, MAX_ROOT_NAME_LENGTH, MAX_ROOT_URI_LENGTH, MAX_ROOTS, MAX_STDERR_LINES } from './server-limits.js';
import { LogLevelSchema } from './server-log.js';

export { isFileRootUri, MAX_REPORTED_LINE_LENGTH, MAX_ROOT_NAME_LENGTH, MAX_ROOT_URI_LENGTH, MAX_ROOTS, MAX_STDERR_LINES } from './server-limits.js';

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
  /**
   * The least severe log messages the user wants from this server (absent: not chosen). Not part
   * of what runs: changing it needs no approval or reconnect. 2025-11-25 servers that offer
   * `logging` are sent `logging/setLevel` with it (until one is chosen they log at their own
   * default); on 2026-07-28 it travels in every request's `_meta`, `info` until one is chosen.
   */
  logLevel: LogLevelSchema.optional(),
});

export const StdioServerConfigSchema = ServerBaseSchema.extend({
  transport: z.literal('stdio'),
  command: z.string().min(1),
  /** Passed to the process as an array, never through a shell. */
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
});

/**
 * Which HTTP transport an HTTP server speaks. `streamable` (absent means the same): Streamable
 * HTTP, falling back to the older HTTP+SSE transport (2024-11-05) when the first POST is answered
 * with a 4xx other than 401/403, as the spec says; `sse`: HTTP+SSE only (a config's `"type": "sse"`).
 */
export const HttpTransportKindSchema = z.enum(['streamable', 'sse']);
export type HttpTransportKind = z.infer<typeof HttpTransportKindSchema>;

/**
 * How the app identifies itself to a server's authorization server, when the user chose (absent:
 * a Client ID Metadata Document where the app has one and the server supports it, else Dynamic
 * Client Registration). Not secret: a client secret is kept with the sign-in credentials.
 */
export const OAuthClientSettingsSchema = z.strictObject({
  /** A client id the user registered with the authorization server beforehand. */
  clientId: z.string().min(1).max(1_000).optional(),
  /** Scopes to ask for when neither the challenge nor the metadata says (space-separated). */
  scope: z.string().max(2_000).optional(),
});
export type OAuthClientSettings = z.infer<typeof OAuthClientSettingsSchema>;

export const HttpServerConfigSchema = ServerBaseSchema.extend({
  transport: z.literal('http'),
  url: z.url({ protocol: /^https?$/ }),
  /** Secrets (tokens) may live here: never log them, never persist them in plain text. */
  headers: z.record(z.string(), z.string()).optional(),
  /** Absent: `streamable` (with the spec's fallback). Part of what runs. */
  httpTransport: HttpTransportKindSchema.optional(),
  /** Sign-in client settings (absent: chosen by the app, see `OAuthClientSettingsSchema`). */
  oauth: OAuthClientSettingsSchema.optional(),
});

export const ServerConfigSchema = z.discriminatedUnion('transport', [StdioServerConfigSchema, HttpServerConfigSchema]);
/** One configured MCP server: a stdio command or a Streamable HTTP endpoint. */
export type ServerConfig = z.infer<typeof ServerConfigSchema>;
export type StdioServerConfig = z.infer<typeof StdioServerConfigSchema>;
export type HttpServerConfig = z.infer<typeof HttpServerConfigSchema>;

export const ProtocolEraSchema = z.enum(['modern', 'legacy']);
/** `modern` = 2026-07-28 (`server/discover`, per-request `_meta`); `legacy` = `initialize`-based. */
export type ProtocolEra = z.infer<typeof ProtocolEraSchema>;

/**
 * `failed`: a stdio server failed to start `MAX_FAILED_STARTS` times within
 * `FAILED_START_WINDOW_MS`, and is not started again until the user retries.
 * `needs-sign-in`: an HTTP server refused us for want of sign-in (401, or a refresh token it no
 * longer takes); it is not tried again until the user signs in (`signIn` says why). Its tasks wait.
 */
export const ConnectionStatusSchema = z.enum(['connecting', 'connected', 'reconnecting', 'needs-sign-in', 'failed', 'closed']);
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export { FAILED_START_WINDOW_MS, MAX_FAILED_STARTS } from './server-start-limits.js';

/** How a stdio server's process ended on its own (not stopped by the app). */
export const ProcessExitSchema = z.object({
  /** Its exit code; absent when a signal ended it. */
  code: z.number().int().optional(),
  /** The signal that ended it (`SIGKILL`, …). */
  signal: z.string().max(32).optional(),
  /** The lines of its stderr that say why (untrusted text: control characters removed, capped). */
  stderr: z.array(z.string().max(MAX_REPORTED_LINE_LENGTH)).max(MAX_STDERR_LINES),
});
export type ProcessExit = z.infer<typeof ProcessExitSchema>;

/**
 * Why requests to a connected server fail: `refused` (nothing listens at its address), `network`
 * (the connection broke, or the name did not resolve), `timeout` (no answer in time, HTTP or
 * stdio), `http-status` (it answers with a 5xx).
 */
export const OutageKindSchema = z.enum(['refused', 'network', 'timeout', 'http-status']);
export type OutageKind = z.infer<typeof OutageKindSchema>;

/**
 * A connected server whose requests fail: several in a row, or one that got no answer in time.
 * Cleared by the next request it answers.
 */
export const DegradedSchema = z.object({
  condition: z.literal('degraded'),
  kind: OutageKindSchema,
  /** `http-status` only: the status it answered with. */
  httpStatus: z.number().int().optional(),
  /** Wall-clock ms of the first failed request of this run of failures. */
  since: z.number(),
  /** The latest failure as the transport reported it (untrusted text, capped). */
  detail: z.string().max(MAX_REPORTED_LINE_LENGTH),
  /** Requests that failed in a row so far. */
  failedRequests: z.number().int().positive(),
});
export type Degraded = z.infer<typeof DegradedSchema>;

/**
 * What the engine sends to check that a server answers: `ping`, or on 2026-07-28 (which removed
 * `ping`) `server/discover`.
 */
export const HealthProbeSchema = z.enum(['ping', 'server/discover']);
export type HealthProbe = z.infer<typeof HealthProbeSchema>;

/** A connected stdio server that did not answer a ping in time; cleared by its next answer. It is not stopped. */
export const NotRespondingSchema = z.object({
  condition: z.literal('not-responding'),
  /** Wall-clock ms when the unanswered ping was sent. */
  since: z.number(),
  probe: HealthProbeSchema,
  /** How long the ping waited. */
  pingTimeoutMs: z.number().int().positive(),
});
export type NotResponding = z.infer<typeof NotRespondingSchema>;

/** How a connected server is doing when it is not answering as it should (absent: it is). */
export const ServerHealthSchema = z.discriminatedUnion('condition', [DegradedSchema, NotRespondingSchema]);
export type ServerHealth = z.infer<typeof ServerHealthSchema>;

/**
 * Where signing in to an HTTP server stands (absent: the server asked for no sign-in).
 * - `needed`: the user must sign in; `reason` says why. With status `needs-sign-in` nothing runs;
 *   while `connected` (reason `more-access`) the connection goes on, only what needs `scope` fails.
 * - `signing-in`: a sign-in is under way: the authorization page is open (`authorizationUrl`).
 * - `signed-in`: the app holds credentials for it.
 */
export const SignInStateSchema = z.object({
  status: z.enum(['needed', 'signing-in', 'signed-in']),
  /**
   * `needed` only. `first-time`: never signed in (or signed out); `expired`: the server or its
   * authorization server no longer takes what the app held (a refused refresh token, say);
   * `more-access`: a request needs scopes the sign-in did not grant (step-up, `scope`);
   * `failed`: the last sign-in failed (`error`).
   */
  reason: z.enum(['first-time', 'expired', 'more-access', 'failed']).optional(),
  /** The scopes being asked for (space-separated, untrusted: from the server's challenge). */
  scope: z.string().optional(),
  /** The authorization server's issuer (untrusted text), once discovered. */
  issuer: z.string().optional(),
  /** Why the last sign-in failed, in the app's words (with the authorization server's, cleaned). */
  error: z.string().optional(),
  /** `signing-in`: the authorization page the user's browser must open (browser mode opens it from here). */
  authorizationUrl: z.string().optional(),
  /** `signed-in`: wall-clock ms when the current access token expires, when the server said. */
  expiresAt: z.number().optional(),
});
export type SignInState = z.infer<typeof SignInStateSchema>;

export const ServerStateSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: ConnectionStatusSchema,
  era: ProtocolEraSchema.optional(),
  protocolVersion: z.string().optional(),
  /** Which task form the server offers: `none` when it advertises no tasks. */
  taskSupport: z.enum(['extension', 'legacy', 'none']).optional(),
  /** The server declared the `logging` capability when it last connected: it sends log messages, and takes a level. */
  logging: z.boolean().optional(),
  /** The server's self-reported identity (untrusted text). */
  serverInfo: z.object({ name: z.string(), version: z.string().optional() }).optional(),
  /** Why the last (re)connect failed or the connection dropped, as the SDK or the server said it. */
  lastError: z.string().optional(),
  /**
   * While `connected`: it is degraded or not responding (judged from every request sent to it,
   * pings included; cleared by the next answer). The connection is kept, and so is the traffic
   * that notices the recovery.
   */
  health: ServerHealthSchema.optional(),
  /** stdio: how the server process ended since it last connected (cleared when it connects). */
  exit: ProcessExitSchema.optional(),
  /** stdio: failed starts in a row within `FAILED_START_WINDOW_MS` (absent once it connects). */
  failedStarts: z.number().int().nonnegative().optional(),
  /** Wall-clock ms of the next reconnect attempt while `reconnecting`. */
  nextRetryAt: z.number().optional(),
  /** HTTP: sign-in (absent: the server asked for none). */
  signIn: SignInStateSchema.optional(),
  /** HTTP: the transport in use once connected (`sse` after the spec's fallback, or when configured). */
  httpTransport: HttpTransportKindSchema.optional(),
});
/** What the app knows about a server's connection right now. */
export type ServerState = z.infer<typeof ServerStateSchema>;
