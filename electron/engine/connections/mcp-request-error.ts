/** Errors from raw requests to a server, carrying the JSON-RPC code when there is one. */

/** Well-known JSON-RPC / MCP codes the engine reacts to (PROTOCOL.md §2.5). */
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

/** Why a request failed without a JSON-RPC error from the server. */
export type LocalFailure = 'timeout' | 'disconnected' | 'aborted' | 'malformed';

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
   * server requires (PROTOCOL.md §2.5), so the user learns why and not just a code.
   */
  static fromServer(code: number | undefined, message: string, data: unknown): McpRequestError {
    const text = message.slice(0, 2_000);
    const error = new McpRequestError(text, code, data);
    if (!error.isMissingCapability) return error;
    const required = typeof data === 'object' && data !== null && 'requiredCapabilities' in data ? data.requiredCapabilities : undefined;
    const named = required === undefined ? 'a capability it did not name' : JSON.stringify(required).slice(0, 300);
    return new McpRequestError(`The server requires a client capability this app did not declare: ${named} (${text})`, code, data);
  }

  /** True when the server said the task id is unknown (or expired, or purged). */
  get isUnknownTask(): boolean {
    return this.code === ErrorCode.InvalidParams;
  }

  /** True for `-32021` (or its draft number carrying `requiredCapabilities`). */
  get isMissingCapability(): boolean {
    if (this.code === ErrorCode.MissingRequiredClientCapability) return true;
    return this.code === ErrorCode.DraftMissingRequiredClientCapability
      && typeof this.data === 'object' && this.data !== null && 'requiredCapabilities' in this.data;
  }
}
