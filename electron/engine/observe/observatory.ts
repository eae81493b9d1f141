/**
 * What the engine records of each server's activity: its console, its protocol log and, through
 * them, each task's exchange. Per server, kept across reconnects (and a remove and add of the
 * same id) while the app runs. The connection reports to it through a `ConnectionObserver`;
 * readers are told of new entries by `onAppend`, at most ten times a second per server, with the
 * tasks whose exchange changed since the last report (so an open task reads its exchange again
 * only when it grew, not whenever its server logs anything).
 */
import type { ServerConfig } from '../../../shared/server-config.js';
import type { ConsoleEntry, HttpFacts, ProtocolEntry, ServerLogLine } from '../../../shared/server-log.js';
import type { ConnectionObserver } from '../connections/connection-traffic.js';
import { cleanLine } from '../connections/untrusted-line.js';
import type { Clock, Logger, TimerHandle } from '../ports.js';
import { isJsonObject } from '../../../shared/json-guards.js';
import { ProtocolLog, type EntryListener, type ProtocolQuery } from './protocol-log.js';
import { createRedactor, secretsOf, type Redactor } from './redaction.js';
import { logMessageOf, ServerConsole, type ConsoleQuery } from './server-console.js';
import { TaskAttribution, type AttributionSources } from './task-attribution.js';
import { TaskExchanges, type ExchangeStore } from './task-exchange.js';

/** Shortest gap between two `onAppend` reports of one server. */
export const APPEND_REPORT_GAP_MS = 100;
/** Longest HTTP header value kept (a session id, an `Mcp-Name`). */
const HEADER_VALUE_LENGTH = 200;

/** What the observatory needs. */
export interface ObservatoryDeps {
  clock: Clock;
  logger: Logger;
  /** Where task exchanges are kept across restarts (none: in memory only). */
  exchangeStore: ExchangeStore | undefined;
  /** False: no protocol log and no exchanges are recorded (the console still is). */
  recordProtocol: boolean;
  sources: AttributionSources;
  /** New console or protocol entries of a server (coalesced); `exchangeLocalIds`: the tasks whose exchange changed among them. */
  onAppend(serverId: string, exchangeLocalIds: readonly string[]): void;
  /** True while anyone listens for `onAppend` (none: no report is scheduled at all). */
  hasListeners(): boolean;
}

interface ObservedServer {
  redactor: Redactor;
  console: ServerConsole;
  protocol: ProtocolLog;
  attribution: TaskAttribution;
  /** Tasks whose exchange changed since the last report (kept only while anyone listens). */
  changedExchanges: Set<string>;
  reportTimer: TimerHandle | undefined;
  lastReportAt: number;
}

export class Observatory {
  private readonly servers = new Map<string, ObservedServer>();
  /** Every task's exchange. */
  readonly exchanges: TaskExchanges;

  constructor(private readonly deps: ObservatoryDeps) {
    this.exchanges = new TaskExchanges({ clock: deps.clock, logger: deps.logger, store: deps.exchangeStore });
  }

  /** The observer for a connection to `config`'s server (its redaction follows `config`'s secrets). */
  observe(config: ServerConfig): ConnectionObserver {
    const server = this.serverFor(config);
    return {
      message: (message, direction, json) => {
        if (direction === 'received' && message.method === 'notifications/message' && message.id === undefined) {
          const params = isJsonObject(message.params) ? message.params : {};
          const localId = server.attribution.ofLine(params);
          server.console.append({ source: 'log', ...logMessageOf(params), ...(localId !== undefined ? { localId } : {}) });
          this.appended(config.id, server);
        }
        if (!this.deps.recordProtocol) return;
        server.protocol.record(message, direction, json);
        this.appended(config.id, server);
      },
      http: (requestId, facts) => {
        if (this.deps.recordProtocol) server.protocol.noteHttp(requestId, cleanFacts(facts, server.redactor));
      },
      stderr: (line) => {
        const localId = server.attribution.ofLine();
        server.console.append({ source: 'stderr', text: line, ...(localId !== undefined ? { localId } : {}) });
        this.appended(config.id, server);
      },
      event: (text) => {
        server.console.append({ source: 'connection', text });
        this.appended(config.id, server);
      },
    };
  }

  /** A server's console lines (see `ConsoleQuery`); none for an unknown server. */
  serverConsole(serverId: string, query?: ConsoleQuery): ConsoleEntry[] {
    return this.servers.get(serverId)?.console.query(query) ?? [];
  }

  /** A server's protocol log (see `ProtocolQuery`); none for an unknown server or while recording is off. */
  protocolLog(serverId: string, query?: ProtocolQuery): ProtocolEntry[] {
    return this.servers.get(serverId)?.protocol.query(query) ?? [];
  }

  /** Console lines of one task across its server's console (local id). */
  taskConsole(serverId: string, taskLocalId: string): ConsoleEntry[] {
    return this.serverConsole(serverId, { localId: taskLocalId });
  }

  /** A server's console and protocol log as JSON lines, by time (console first at equal times). */
  exportServerLog(serverId: string): string {
    const lines: ServerLogLine[] = [
      ...this.serverConsole(serverId).map((entry): ServerLogLine => ({ type: 'console', ...entry })),
      ...this.protocolLog(serverId).map((entry): ServerLogLine => ({ type: 'protocol', ...entry })),
    ];
    // A stable sort keeps each log's own order among entries of the same millisecond.
    lines.sort((a, b) => a.at - b.at);
    return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
  }

  /** The bytes the logs and exchanges hold in memory (estimates). */
  get heldBytes(): number {
    let bytes = this.exchanges.heldBytes;
    for (const server of this.servers.values()) bytes += server.console.heldBytes + server.protocol.heldBytes;
    return bytes;
  }

  /** Stops the report timers and writes the exchanges. */
  async dispose(): Promise<void> {
    for (const server of this.servers.values()) server.reportTimer?.cancel();
    await this.exchanges.flush();
  }

  private serverFor(config: ServerConfig): ObservedServer {
    const redactor = createRedactor(secretsOf(config));
    const known = this.servers.get(config.id);
    if (known !== undefined) {
      known.redactor = redactor;
      known.console.setRedactor(redactor);
      known.protocol.setRedactor(redactor);
      return known;
    }
    const now = (): number => this.deps.clock.now();
    const attribution = new TaskAttribution(config.id, this.deps.sources);
    const changedExchanges = new Set<string>();
    const takeEntry: EntryListener = (entry, json, message, redact) => {
      if (this.exchanges.take(entry, json, message, redact) && this.deps.hasListeners()) changedExchanges.add(entry.localId!);
    };
    const server: ObservedServer = {
      redactor,
      console: new ServerConsole(now, redactor),
      protocol: new ProtocolLog(now, redactor, (message, direction) => attribution.ofMessage(message, direction), takeEntry),
      attribution,
      changedExchanges,
      reportTimer: undefined,
      lastReportAt: Number.NEGATIVE_INFINITY,
    };
    this.servers.set(config.id, server);
    return server;
  }

  /** Reports new entries of `serverId` now, or once `APPEND_REPORT_GAP_MS` passed since the last report. */
  private appended(serverId: string, server: ObservedServer): void {
    if (server.reportTimer !== undefined || !this.deps.hasListeners()) return;
    const wait = server.lastReportAt + APPEND_REPORT_GAP_MS - this.deps.clock.monotonic();
    const report = (): void => {
      server.reportTimer = undefined;
      server.lastReportAt = this.deps.clock.monotonic();
      const exchangeLocalIds = [...server.changedExchanges];
      server.changedExchanges.clear();
      this.deps.onAppend(serverId, exchangeLocalIds);
    };
    if (wait <= 0) report();
    else server.reportTimer = this.deps.clock.setTimer(wait, report);
  }
}

/** HTTP facts as kept: header values cleaned, capped and redacted (a server may echo anything). */
function cleanFacts(facts: HttpFacts, redactor: Redactor): HttpFacts {
  const out: HttpFacts = {};
  if (facts.status !== undefined) out.status = facts.status;
  if (facts.sessionId !== undefined) out.sessionId = cleanLine(redactor.text(facts.sessionId), HEADER_VALUE_LENGTH);
  if (facts.mcpName !== undefined) out.mcpName = cleanLine(redactor.text(facts.mcpName), HEADER_VALUE_LENGTH);
  return out;
}
