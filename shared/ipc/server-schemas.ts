/**
 * How configured servers cross the IPC boundary: the view the renderer shows (no secret values),
 * what the user sends to add, edit or tune one, and the report of an import.
 */
import { z } from 'zod';
import { HttpTransportKindSchema, MAX_ROOT_NAME_LENGTH, MAX_ROOT_URI_LENGTH, MAX_ROOTS, OAuthClientSettingsSchema, RootSchema, ServerStateSchema } from '../server-config.js';
import { LogLevelSchema } from '../server-log.js';
import { Id } from './field-schemas.js';

/**
 * A configured server as the renderer sees it. Secrets never cross: of HTTP header values and
 * stdio environment values only the names are sent (`headerNames`, `envNames`).
 */
export const ServerViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  /** stdio only: names of the environment variables the command runs with; their values stay on the host. */
  envNames: z.array(z.string()).optional(),
  /**
   * stdio only: variables whose saved values cannot be read in this session (not in `envNames`).
   * The server does not run and cannot be approved until they are entered again or left out.
   */
  lostEnvNames: z.array(z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headerNames: z.array(z.string()).optional(),
  /**
   * HTTP only: header values that live for this session only (browser mode cannot protect them at
   * rest, so they are not written): the page says so next to them.
   */
  sessionOnlyHeaderNames: z.array(z.string()).optional(),
  /** HTTP only: the configured transport (absent: Streamable HTTP with the spec's fallback). */
  httpTransport: HttpTransportKindSchema.optional(),
  /** HTTP only: the user's sign-in client settings (no secrets). */
  oauth: OAuthClientSettingsSchema.optional(),
  /**
   * Set on a server whose endpoint was changed while it had tasks: the change made a new server
   * (this id), and this entry was kept, disabled, for its tasks, which belong to the old endpoint.
   */
  replacedBy: z.string().optional(),
  /** stdio only: the user approved exactly this command line, environment and folder. */
  approved: z.boolean(),
  /** The user disabled the server: it stays configured, its tasks stay in the inbox unwatched, and it does not run (no `state`). */
  disabled: z.boolean(),
  /**
   * Digest of what the approval shows (command, arguments, variable names, folder; for HTTP the
   * URL), never of secret values; `servers:approve` must name it (an edit needs a new approval).
   */
  approvalDigest: z.string(),
  /** Where the entry came from. */
  origin: z.enum(['default', 'user', 'import', 'config-file', 'command-line']),
  /** The folders shared with the server: exactly what its `roots/list` is answered with (often none). */
  roots: z.array(RootSchema),
  /** The user muted this server's desktop notifications. */
  notificationsMuted: z.boolean(),
  /** The least severe log level the user asked this server to send (absent: the app's default). */
  logLevel: LogLevelSchema.optional(),
  state: ServerStateSchema.optional(),
});
export type ServerView = z.infer<typeof ServerViewSchema>;

/**
 * `servers:update-settings`: the server's settings that do not change what runs (no approval, no
 * reconnect; allowed in browser mode). `roots`, when given, replaces the whole list; each
 * `location` is an absolute path or a `file://` URI, checked and turned into a URI by the host.
 */
export const ServerSettingsInputSchema = z.object({
  id: Id,
  roots: z
    .array(z.object({ location: z.string().min(1).max(MAX_ROOT_URI_LENGTH), name: z.string().max(MAX_ROOT_NAME_LENGTH).optional() }))
    // Room for the host to say "too many" itself rather than a schema error.
    .max(MAX_ROOTS + 1)
    .optional(),
  notificationsMuted: z.boolean().optional(),
  /** The least severe `notifications/message` level the server should send. */
  logLevel: LogLevelSchema.optional(),
});
export type ServerSettingsInput = z.infer<typeof ServerSettingsInputSchema>;

/**
 * A server the user adds or edits. `id` names an existing server to change (the host chooses the
 * id of a new one). Secret values travel only inwards, and only from the desktop app:
 * - `headers` absent keeps the saved header values (while the URL stays on the same origin);
 * - `env` is the whole environment (absent: none); a value of `null` (KEEP_SAVED_VALUE) keeps
 *   that variable's saved value, a string replaces it.
 */
export const ServerInputSchema = z.discriminatedUnion('transport', [
  z.object({
    id: Id.optional(),
    name: z.string().min(1).max(200),
    transport: z.literal('stdio'),
    command: z.string().min(1).max(4_096),
    args: z.array(z.string().max(4_096)).max(200),
    env: z.record(z.string().max(256), z.string().max(8_192).nullable()).optional(),
    cwd: z.string().max(4_096).optional(),
  }),
  z.object({
    id: Id.optional(),
    name: z.string().min(1).max(200),
    transport: z.literal('http'),
    url: z.url({ protocol: /^https?$/ }),
    headers: z.record(z.string().max(256), z.string().max(8_192)).optional(),
    httpTransport: HttpTransportKindSchema.optional(),
    oauth: OAuthClientSettingsSchema.optional(),
  }),
]);
export type ServerInput = z.infer<typeof ServerInputSchema>;

export const ImportReportSchema = z.object({
  imported: z.array(ServerViewSchema),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;
