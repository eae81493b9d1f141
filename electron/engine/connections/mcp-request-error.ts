/** Errors from raw requests to a server, carrying the JSON-RPC code when there is one. */

/** Well-known JSON-RPC / MCP codes the engine reacts to (docs/protocol-notes.md#error-codes). */
export const ErrorCode = {
  MethodNotFound: -32601,
  InvalidParams: -32602,
  Internal: -32603,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  /** Draft numbering of MissingRequiredClientCapability still emitted by some servers. */
  DraftMissingRequiredClientCapability: -32003,
  UnsupportedProtocolVersion: -32022,
} as const;

/** A message saying a task id is unknown: "Unknown taskId", "unknown task", "task … not found", "no such task". */
const UNKNOWN_TASK_MESSAGE = /\b(unknown|no such|invalid)\s+task(\s*id)?\b|\btask\b[^.;]{0,60}\b(not found|does not exist|doesn't exist|unknown)\b/i;

/**
 * Why a request failed without a JSON-RPC error from the server. `sign-in-needed`: the server
 * refused it for want of sign-in (HTTP 401 with nothing usable held) or of access (HTTP 403
 * `insufficient_scope`); the server's `signIn` state says which and what to ask for.
 */
export type LocalFailure = 'timeout' | 'disconnected' | 'aborted' | 'malformed' | 'sign-in-needed';

/** A failed request: `code` is the server's JSON-RPC code, or undefined for a local failure. */
export class McpRequestError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly data?: unknown,
    readonly localFailure?: LocalFailure,
  ) {
    super(message);
    this.name = 'McpRequestError';
  }

  /**
   * An error the server answered with. `-32021` gets a message naming the capabilities the
   * server requires (docs/protocol-notes.md#error-codes), so the user learns why and not just a
   * code.
   */
  static fromServer(code: number | undefined, message: string, data: unknown): McpRequestError {
    const text = message.slice(0, 2_000);
    const error = new McpRequestError(text, code, data);
    if (!error.isMissingCapability) return error;
    const required = typeof data === 'object' && data !== null && 'requiredCapabilities' in data ? data.requiredCapabilities : undefined;
    const named = required === undefined ? 'a capability it did not name' : JSON.stringify(required).slice(0, 300);
    return new McpRequestError(`The server requires a client capability this app did not declare: ${named} (${text})`, code, data);
  }

  /**
   * True when the server said the task id is unknown (or expired, or purged), in any of the forms
   * real servers use: `-32602` (what both task specs ask for), or `-32603` whose message says the
   * task is unknown or not found (e.g. "Unknown taskId: …" from a server that restarted or
   * started a new session and no longer has it). Other `-32603`s (e.g. "no result stored") are not.
   */
  get isUnknownTask(): boolean {
    if (this.code === ErrorCode.InvalidParams) return true;
    return this.code === ErrorCode.Internal && UNKNOWN_TASK_MESSAGE.test(this.message);
  }

  /** True for `-32021` (or its draft number carrying `requiredCapabilities`). */
  get isMissingCapability(): boolean {
    if (this.code === ErrorCode.MissingRequiredClientCapability) return true;
    return this.code === ErrorCode.DraftMissingRequiredClientCapability
      && typeof this.data === 'object' && this.data !== null && 'requiredCapabilities' in this.data;
  }
}
