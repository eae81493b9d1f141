/**
 * 2025-11-25 over Streamable HTTP: tasks live in the HTTP session that created them, so a restarted
 * app rejoins that session (without a new `initialize`) to follow them. How a connection rejoins,
 * what it remembers of a session, and when the server no longer has it.
 */
import { SdkHttpError, StreamableHTTPClientTransport, type Client, type Transport } from '@modelcontextprotocol/client';
import type { LegacySession } from '../../../../shared/task-model.js';
import { isJsonObject } from '../../../../shared/json-guards.js';
import { isSessionGoneAnswer } from './session-gone.js';

/** The session `transport` is in, for tasks to remember; undefined off HTTP or before a session exists. */
export function sessionOf(transport: Transport | undefined, protocolVersion: string | undefined, capabilities: Record<string, unknown> | undefined): LegacySession | undefined {
  if (!(transport instanceof StreamableHTTPClientTransport)) return undefined;
  const id = transport.sessionId;
  if (id === undefined || protocolVersion === undefined) return undefined;
  const tasks = capabilities?.tasks;
  return { id, protocolVersion, taskCapabilities: isJsonObject(tasks) ? tasks : {} };
}

/** What rejoining gave: the capabilities the session was opened with, or why the server no longer has it. */
export type RejoinOutcome = { ok: true; capabilities: Record<string, unknown> } | { ok: false; reason: string };

/**
 * Rejoins `rejoin` on `client` (whose transport was created with its session id, so the SDK skips
 * the handshake) and checks with a `ping` that the server still has the session. A refused ping
 * means the server lost it: the caller starts a fresh session.
 */
export async function rejoinSession(client: Client, transport: Transport, rejoin: LegacySession): Promise<RejoinOutcome> {
  await client.connect(transport, { prior: { kind: 'legacy' } });
  try {
    await client.ping({ timeout: 10_000 });
  } catch (error) {
    return { ok: false, reason: `The earlier session is gone; starting a new one (${error instanceof Error ? error.message : String(error)})` };
  }
  return { ok: true, capabilities: { tasks: rejoin.taskCapabilities } };
}

/**
 * Opens the standalone GET stream of a rejoined session. The SDK opens it only after sending
 * `notifications/initialized`, which a rejoin never does, and an SDK 1.x server sends every
 * message that answers no request of ours on it alone — `notifications/cancelled` for a request
 * kept across the restart, status pushes — dropping them while it is not open. An empty
 * resumption token sends no `Last-Event-ID`: a fresh stream, not a replay. The SDK reconnects it
 * when it ends; a server without GET streams (405) is fine, polling does not need them.
 */
export function openSessionStream(transport: Transport, onError: (error: unknown) => void): void {
  if (transport instanceof StreamableHTTPClientTransport) transport.resumeStream('').catch(onError);
}

/** True when `error` is the answer of a Streamable HTTP server that does not have our session (see session-gone.ts). */
export function isSessionGone(transport: Transport, error: unknown): boolean {
  return transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined
    && error instanceof SdkHttpError && isSessionGoneAnswer(error.status, error.data.text);
}
