/**
 * The contract's plain values (limits, labels, markers), apart from its zod schemas so that the
 * renderer's first screen can use them without loading zod. contract.ts re-exports them.
 */
import type { ProtocolEra } from '../server-config.js';

/** The longest id (of a task, server, input) the host accepts from the renderer. */
export const MAX_ID_LENGTH = 512;

/** The value of an `env` entry in `servers:save` that keeps the variable's saved value (the renderer never has it). */
export const KEEP_SAVED_VALUE = null;

/** How many questions of one server are open at once; later ones queue (`queuePlace`) until one is answered. */
export const MAX_OPEN_INPUTS_PER_SERVER = 3;

/** The protocol eras as the UI names them. */
export const ERA_LABELS: Record<ProtocolEra, string> = {
  modern: '2026-07-28',
  legacy: '2025-11-25',
};

/**
 * The host sends pushed changes (tasks, servers, inputs, logs) at most once per this many ms,
 * each task in its newest state: the one batching stage between the engine and the screen, at
 * the pace a row can show a change anyway. A burst of 1,000 updates a second costs the renderer
 * ten messages, ten cache writes and ten renders.
 */
export const EVENT_INTERVAL_MS = 100;
