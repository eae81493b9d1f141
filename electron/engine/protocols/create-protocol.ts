/** Picks the task wire form for a connected server: the era decides (one form per server, never mixed). */
import type { ServerConnection } from '../connections/server-connection.js';
import type { Clock } from '../ports.js';
import { ExtensionProtocol } from './extension/extension-protocol.js';
import { LegacyProtocol } from './legacy/legacy-protocol.js';
import type { ProtocolSink, TaskProtocol } from './task-protocol.js';

/**
 * The adapter for `connection`, which must be connected: the tasks extension on a 2026-07-28
 * connection, the 2025-11-25 experimental tasks on an `initialize`-era one (also for a server that
 * offers no tasks: its plain calls and server requests travel the same way).
 */
export function createProtocol(connection: ServerConnection, sink: ProtocolSink, clock: Clock): TaskProtocol {
  return connection.state.era === 'modern' ? new ExtensionProtocol(connection, sink, clock) : new LegacyProtocol(connection, sink, clock);
}
