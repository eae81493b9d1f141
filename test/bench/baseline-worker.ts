/**
 * Bench worker (b): the baseline, `@modelcontextprotocol/ext-tasks` 0.2.2, resuming the task
 * references of `<dataDir>/references.json` on the fixture servers, in a process of its own.
 * Run by engine-bench.ts, not by hand.
 *
 * Per server: an SDK `Client` (`versionNegotiation: {mode:'auto'}`, the same capabilities as our
 * engine) on the SDK's stdio transport, `createTaskSessionFromClient` with a `rawDispatch` on that
 * transport (raw-dispatch.ts), then one `resumeTask` per reference. Each `resumeTask` reads the
 * task once and starts that task's own polling loop; resumeMs runs from reading the references
 * until every `resumeTask` has resolved, i.e. every task is read and its loop running; loadMs
 * is the part spent reading the references file.
 */
import { setMaxListeners } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  createTaskSessionFromClient,
  type SerializedTaskReference,
  type TaskEnabledSession,
  type ToolExecution,
} from '@modelcontextprotocol/ext-tasks/client';
import { CLIENT_CAPABILITIES } from '../../electron/engine/connections/capabilities.js';
import type { StdioServerConfig } from '../../shared/server-config.js';
import { attachRawDispatch } from './raw-dispatch.js';
import { REFERENCES_FILE } from './resume-stores.js';
import { WindowMeter, sleep, windowFigures } from './window-meter.js';
import { serveWorker, type WorkerReport, type WorkerSetup } from './worker-protocol.js';

const CLIENT_INFO = { name: 'ext-tasks-baseline', version: '0.2.2' };

/** One server's SDK client and the ext-tasks session on it. */
interface Connection {
  client: Client;
  session: TaskEnabledSession;
}

async function connect(config: StdioServerConfig, opened: Connection[], onError: (error: Error) => void): Promise<Connection> {
  const transport = new StdioClientTransport({ command: config.command, args: config.args, stderr: 'inherit' });
  // The same capabilities as our engine declares, so both send the same `_meta` envelope.
  const client = new Client(CLIENT_INFO, { capabilities: CLIENT_CAPABILITIES, versionNegotiation: { mode: 'auto' } });
  await client.connect(transport);
  const protocolVersion = client.getNegotiatedProtocolVersion();
  if (client.getProtocolEra() !== 'modern' || protocolVersion === undefined) {
    await client.close();
    throw new Error(`${config.id} did not negotiate the 2026-07-28 era.`);
  }
  const session = createTaskSessionFromClient(client, {
    endpointId: config.id,
    rawDispatch: attachRawDispatch(transport),
    v2RequestFraming: { protocolVersion, clientInfo: CLIENT_INFO, clientCapabilities: CLIENT_CAPABILITIES },
    onError,
  });
  const connection = { client, session };
  opened.push(connection);
  return connection;
}

async function measureBaseline(setup: WorkerSetup): Promise<WorkerReport> {
  const opened: Connection[] = [];
  const executions: ToolExecution<unknown>[] = [];
  let backgroundErrors = 0;
  let ended = 0;
  let stopping = false;
  try {
    const started = performance.now();
    const text = await readFile(join(setup.dataDir, REFERENCES_FILE), 'utf8');
    const references = JSON.parse(text) as Record<string, SerializedTaskReference[]>;
    const loadMs = performance.now() - started;
    await Promise.all(setup.servers.map(async (config) => {
      const { session } = await connect(config, opened, () => {
        backgroundErrors += 1;
      });
      await Promise.all((references[config.id] ?? []).map(async (reference) => {
        const execution = await session.resumeTask<unknown>(reference);
        executions.push(execution);
        // An execution settles when its task ends or its polling failed: either way it stops polling.
        void execution.result().then(() => {
          if (!stopping) ended += 1;
        });
      }));
    }));
    const resumeMs = performance.now() - started;
    if (executions.length !== setup.taskCount) throw new Error(`Resumed ${executions.length} tasks, expected ${setup.taskCount}.`);

    await sleep(setup.settleMs);
    const meter = new WindowMeter();
    meter.start();
    await sleep(setup.windowMs);
    const window = meter.stop();
    return {
      resumeMs,
      loadMs,
      ...windowFigures(window),
      tasksInError: ended + backgroundErrors,
      store: null,
      logMb: null,
    };
  } finally {
    // Detach (never `close`, which cancels running tasks) and let every loop wind down first,
    // so closing the session sends no `tasks/cancel`; closing a client ends its server.
    stopping = true;
    await Promise.all(executions.map((execution) => execution.detach()));
    await Promise.all(executions.map((execution) => execution.result()));
    await Promise.all(opened.map(async ({ client, session }) => {
      await session.close();
      await client.close();
    }));
  }
}

// ext-tasks hangs one abort listener per task on its session's signal, and the SDK's stdio
// transport one drain listener per request written to a full pipe: with thousands of tasks
// Node's leak warnings (at 11 listeners) fire by design, not by fault. Keep the output readable.
setMaxListeners(0);
serveWorker(measureBaseline);
