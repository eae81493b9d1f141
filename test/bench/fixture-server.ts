/**
 * The bench's MCP server: protocol 2026-07-28 with the tasks extension, holding `--tasks`
 * seeded working tasks (see fixture-catalogue.ts), spoken as raw newline-delimited JSON-RPC
 * over stdio.
 *
 * Why stdio: on the bench's 2-core machine a Streamable HTTP request costs an HTTP parse on
 * both sides and a fetch on the client, which would drown the clients' own costs at ~4,000
 * polls a second; stdio is also how local servers run. Why no SDK: the server must start in
 * tens of milliseconds (it starts inside the resume figure, twice per connection where the SDK
 * client probes `server/discover` in a throw-away sibling, as it does for the baseline; the
 * bench runs it compiled, see node-build.ts), and it answers only what the clients send:
 * - `server/discover` (the SDK's connect probe) → `DiscoverResult` advertising the extension;
 * - `tasks/get` → the `DetailedTask` + `resultType: "complete"`; unknown id → -32602;
 * - everything else, `subscriptions/listen` included → -32601, so both clients poll.
 * The per-request `_meta` envelope is checked as a 2026-07-28 server must
 * (docs/protocol-notes.md#per-request-metadata, docs/protocol-notes.md#extension-errors): missing →
 * -32602, other version → -32022, `tasks/*` without the extension → -32021.
 *
 * When stdin ends or SIGTERM arrives it writes its request log to `--stats-dir` and exits.
 * Usage (compiled): node fixture-server.js --seed S --tasks N --epoch MS --stats-dir DIR
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { fixtureTasks, taskStateAt, type FixtureTask } from './fixture-catalogue.js';
import { META_CAPABILITIES, META_VERSION, PROTOCOL_VERSION, TASKS_EXTENSION } from './fixture-wire.js';
import { RequestLog } from './request-log.js';


type JsonObject = Record<string, unknown>;
interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}
type Outcome = { result: JsonObject } | { error: RpcError };

function parseOptions(): { seed: string; taskCount: number; epochMs: number; statsDir: string } {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      tasks: { type: 'string' },
      epoch: { type: 'string' },
      'stats-dir': { type: 'string' },
    },
  });
  const { seed, 'stats-dir': statsDir } = values;
  const taskCount = Number(values.tasks);
  const epochMs = Number(values.epoch);
  if (seed === undefined || statsDir === undefined || !Number.isInteger(taskCount) || !Number.isFinite(epochMs)) {
    process.stderr.write('usage: fixture-server --seed S --tasks N --epoch MS --stats-dir DIR\n');
    process.exit(2);
  }
  return { seed, taskCount, epochMs, statsDir };
}

const { seed, taskCount, epochMs, statsDir } = parseOptions();
const tasksById = new Map<string, FixtureTask>(fixtureTasks(seed, taskCount).map((task) => [task.taskId, task]));
const log = new RequestLog(seed, taskCount);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The 2026-07-28 per-request envelope check; `needsTasks` for requests of the extension. */
function envelopeError(params: JsonObject, needsTasks: boolean): RpcError | undefined {
  const meta = isObject(params._meta) ? params._meta : {};
  const version = meta[META_VERSION];
  const capabilities = meta[META_CAPABILITIES];
  if (typeof version !== 'string' || !isObject(capabilities)) {
    return { code: -32602, message: 'Missing the required _meta envelope', data: { envelope: [META_VERSION, META_CAPABILITIES] } };
  }
  if (version !== PROTOCOL_VERSION) {
    return { code: -32022, message: 'Unsupported protocol version', data: { supported: [PROTOCOL_VERSION], requested: version } };
  }
  const extensions = capabilities.extensions;
  if (needsTasks && !(isObject(extensions) && isObject(extensions[TASKS_EXTENSION]))) {
    return {
      code: -32021,
      message: 'This request needs the tasks extension',
      data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    };
  }
  return undefined;
}

function discover(params: JsonObject): Outcome {
  const error = envelopeError(params, false);
  if (error !== undefined) return { error };
  return {
    result: {
      supportedVersions: [PROTOCOL_VERSION],
      capabilities: { extensions: { [TASKS_EXTENSION]: {} } },
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'bench-fixture', version: '1.0.0' } },
    },
  };
}

function getTask(params: JsonObject, arrivedAt: number): Outcome {
  const error = envelopeError(params, true);
  if (error !== undefined) return { error };
  const task = typeof params.taskId === 'string' ? tasksById.get(params.taskId) : undefined;
  if (task === undefined) return { error: { code: -32602, message: 'Unknown task id' } };
  log.poll(task.index, task.pollIntervalMs, arrivedAt);
  return { result: { ...taskStateAt(task, epochMs, arrivedAt), resultType: 'complete' } };
}

function answer(method: string, params: JsonObject, arrivedAt: number): Outcome {
  switch (method) {
    case 'server/discover':
      return discover(params);
    case 'tasks/get':
      return getTask(params, arrivedAt);
    default:
      return { error: { code: -32601, message: `Method not found: ${method}` } };
  }
}

function send(message: JsonObject): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function onLine(line: string): void {
  const arrivedAt = Date.now();
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    log.error('(unparsable)', -32700);
    send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    return;
  }
  if (!isObject(message) || typeof message.method !== 'string') return;
  log.request(message.method);
  // Notifications (no id) need no answer; the clients send none that matter here.
  if (message.id === undefined) return;
  const outcome = answer(message.method, isObject(message.params) ? message.params : {}, arrivedAt);
  if ('error' in outcome) log.error(message.method, outcome.error.code);
  send({ jsonrpc: '2.0', id: message.id, ...outcome });
}

let ended = false;
function end(): void {
  if (ended) return;
  ended = true;
  log.writeTo(statsDir);
  process.exit(0);
}

createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', onLine);
process.stdin.on('end', end);
process.on('SIGTERM', end);
process.on('SIGINT', end);
