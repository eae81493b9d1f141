/**
 * The result and error shapes the demo tools produce, written once for both wire forms.
 * They are plain JSON objects, assignable to the `CallToolResult` of either SDK.
 */

/** One text block of a tool result. */
export type TextContent = { type: 'text'; text: string };

/**
 * A `CallToolResult` as both wire forms carry it. Deliberately without `resultType`: the
 * extension inlines it in `tasks/get` exactly like this
 * (docs/protocol-notes.md#errata-the-code-tolerates, see extension/wire.ts).
 */
export type ToolResult = {
  content: TextContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** A JSON-RPC error object, as a failed task carries it (docs/protocol-notes.md#the-task-object, docs/protocol-notes.md#legacy-methods). */
export type JsonRpcErrorObject = { code: number; message: string; data?: unknown };

/** JSON-RPC "Invalid Request". */
export const INVALID_REQUEST = -32600;
/** JSON-RPC "Internal error". */
export const INTERNAL_ERROR = -32603;
/** JSON-RPC "Invalid params". */
export const INVALID_PARAMS = -32602;

/** A successful result with one text block and, optionally, structured content. */
export function textResult(text: string, structuredContent?: Record<string, unknown>): ToolResult {
  return structuredContent === undefined
    ? { content: [{ type: 'text', text }] }
    : { content: [{ type: 'text', text }], structuredContent };
}

/** A tool-level failure (`isError: true`): a result, not a JSON-RPC error. */
export function toolErrorResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * An error that is reported as exactly this JSON-RPC error object. Thrown by a task's work it
 * fails the task (status `failed` with `error`, docs/protocol-notes.md#task-statuses,
 * docs/protocol-notes.md#legacy-statuses); thrown by a request handler of either SDK it becomes the
 * error response verbatim (both read `code`, `message`, `data`).
 */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }

  /** The JSON-RPC error object this error stands for. */
  toJsonRpc(): JsonRpcErrorObject {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}
