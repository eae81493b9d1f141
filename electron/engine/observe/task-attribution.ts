/**
 * Which task or call a message or a console line belongs to, from what the wire says:
 * - `tools/call`: its `_meta.progressToken`, which is the call's local id;
 * - `tasks/*` requests and task status pushes: the server's task id (`params.taskId`);
 * - `notifications/progress`: its `progressToken` (a 2025-11-25 task keeps its call's token);
 * - anything carrying 2025-11-25's `_meta["io.modelcontextprotocol/related-task"]`;
 * - otherwise a server request, a log message or a stderr line belongs to the server's only call
 *   on the wire, when exactly one is (on stdio the wire does not say more); else to none.
 * Responses are attributed by the protocol log to their request's task.
 */
import { isJsonObject } from '../../../shared/json-guards.js';

/** The 2025-11-25 `_meta` key naming the task a message belongs to. */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';

/** What attribution reads: local ids by the server's task id, known local ids, and the calls on the wire. */
export interface AttributionSources {
  localIdOf(serverId: string, serverTaskId: string): string | undefined;
  isKnown(localId: string): boolean;
  callsInFlight(serverId: string): readonly string[];
}

/** Attributes the messages and lines of one server. */
export class TaskAttribution {
  constructor(private readonly serverId: string, private readonly sources: AttributionSources) {}

  /** The local id a request or notification belongs to (see the module comment). */
  ofMessage(message: Record<string, unknown>, direction: 'sent' | 'received'): string | undefined {
    const method = message.method;
    const params = isJsonObject(message.params) ? message.params : undefined;
    if (params === undefined) return direction === 'received' && message.id !== undefined ? this.onlyCall() : undefined;
    if (method === 'tools/call' || method === 'notifications/progress') {
      const meta = isJsonObject(params._meta) ? params._meta : undefined;
      const token = method === 'tools/call' ? meta?.progressToken : params.progressToken;
      if (typeof token === 'string' && this.sources.isKnown(token)) return token;
      if (method === 'tools/call') return undefined;
    }
    const byTaskId = this.ofServerTask(params.taskId) ?? this.ofServerTask(isJsonObject(params.task) ? params.task.taskId : undefined);
    if (byTaskId !== undefined) return byTaskId;
    const related = this.related(params);
    if (related !== undefined) return related;
    // A server's own request or log line while exactly one call runs is that call's.
    const fromServer = direction === 'received' && (message.id !== undefined || method === 'notifications/message');
    return fromServer ? this.onlyCall() : undefined;
  }

  /** The local id a log message (by its params) or a stderr line (no params) belongs to. */
  ofLine(params?: Record<string, unknown>): string | undefined {
    return (params === undefined ? undefined : this.related(params)) ?? this.onlyCall();
  }

  private related(params: Record<string, unknown>): string | undefined {
    const meta = isJsonObject(params._meta) ? params._meta : undefined;
    const related = meta !== undefined && isJsonObject(meta[RELATED_TASK_META]) ? meta[RELATED_TASK_META] : undefined;
    return this.ofServerTask(related?.taskId);
  }

  private ofServerTask(serverTaskId: unknown): string | undefined {
    return typeof serverTaskId === 'string' ? this.sources.localIdOf(this.serverId, serverTaskId) : undefined;
  }

  private onlyCall(): string | undefined {
    const calls = this.sources.callsInFlight(this.serverId);
    return calls.length === 1 ? calls[0] : undefined;
  }
}
