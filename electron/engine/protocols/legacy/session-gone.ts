/**
 * Whether an HTTP error answer to a request in our 2025-11-25 Streamable HTTP session means the
 * server no longer has that session (it restarted, or dropped it). The spec's answer is 404
 * (MCP 2025-11-25 transports, "Session Management"), but server-everything and servers on the TS
 * SDK 1.x answer 400 with a JSON-RPC error instead: "Bad Request: No valid session ID provided"
 * from a server that keeps one transport per session, "Bad Request: Server not initialized" from
 * one whose single transport has not seen an `initialize` since it started. A 400 for any other
 * reason (bad params, a header mismatch) leaves the session alone: only these words drop it.
 */

/** What JSON-RPC error messages say when the server has no such session (or none at all). */
const SESSION_NOT_VALID =
  /\b(?:no valid session|invalid session|unknown session|session (?:id )?(?:is )?(?:not found|not valid|invalid|expired|unknown|terminated|not initiali[sz]ed)|server (?:is )?not initiali[sz]ed)\b/i;

/**
 * True when an HTTP answer with `status` and `body` (the response text, when there was one)
 * says the session is gone: any 404, or a 400 whose JSON-RPC error message says the session is
 * not valid or the server is not initialized.
 */
export function isSessionGoneAnswer(status: number, body: unknown): boolean {
  if (status === 404) return true;
  if (status !== 400 || typeof body !== 'string') return false;
  const message = jsonRpcErrorMessage(body);
  return message !== undefined && SESSION_NOT_VALID.test(message);
}

/** The `error.message` of a JSON-RPC error response in `text`, if that is what it is. */
function jsonRpcErrorMessage(text: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return undefined;
  const { error } = parsed;
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  return typeof error.message === 'string' ? error.message.slice(0, 1_000) : undefined;
}
