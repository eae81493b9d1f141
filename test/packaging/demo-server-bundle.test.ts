/**
 * The demo server bundle the packaged app runs (build-electron.ts `buildDemoServerBundle`), built
 * into a temp folder outside the repository and run there by a plain `node` with no node_modules
 * in reach: over stdio and over HTTP, and as the packaged app runs it — in a process without a
 * stdin pipe, its stdin carried over messages (an Electron utility process, emulated by a Node
 * IPC channel and `process.parentPort`) through the desktop app's launcher. On each, a real task
 * of each wire form runs through our engine to completion.
 */
import { fork } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { isTaskFinished } from '../../shared/task-model.js';
import { PROJECT_ROOT, buildDemoServerBundle } from '../../electron/cli/build-electron.js';
import type { DemoServerForm } from '../../electron/demo-server/default-servers.js';
import type { Engine, LaunchedProcess, LaunchParameters } from '../../electron/engine/index.js';
import { BUNDLED_DEMO_SERVER_COMMAND, bundledDemoLauncher, bundledDemoServers } from '../../electron/main/demo-servers.js';
import { launchedFromMessageChild, type MessageChild } from '../../electron/main/message-child.js';
import { createHost } from '../../electron/host/create-host.js';
import { sessionOnlySecretStore } from '../../electron/host/secret-stores.js';
import { SERVER_FILE } from '../../electron/host/server-file.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { nodeEngine, tempDataDir, waitForServer, waitForTask } from '../helpers/engine-harness.js';

const PARENT_PORT_SHIM = fileURLToPath(new URL('../fixtures/utility-parent-port.js', import.meta.url));

let folder: string;
let bundle: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'mtm-demo-bundle-'));
  bundle = await buildDemoServerBundle(folder);
  copyFileSync(PARENT_PORT_SHIM, join(folder, 'parent-port.js'));
}, 120_000);

afterAll(async () => {
  await stopAllDemoServers();
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
});

it('is written outside the repository, where no node_modules can be reached', () => {
  expect(relative(PROJECT_ROOT, folder).startsWith('..')).toBe(true);
});

/** Starts `config` on a fresh engine, runs `build` as a task and resolves with the finished task. */
async function runBuildTask(config: ServerConfig, form: DemoServerForm, ports: Parameters<typeof nodeEngine>[2] = {}): Promise<{ status: string | undefined; artifact: unknown }> {
  const data = tempDataDir();
  const engine: Engine = nodeEngine(data.dir, undefined, ports);
  try {
    await engine.start([config]);
    expect(await waitForServer(engine, config.id)).toMatchObject({ taskSupport: form });
    const outcome = await engine.callTool(config.id, 'build', { durationMs: 600, project: 'bundle' });
    if (outcome.kind !== 'task') throw new Error(`build answered without a task: ${outcome.kind}`);
    const done = await waitForTask(engine, outcome.task.localId, isTaskFinished, 20_000, 'build to finish');
    const result = await engine.getResult(done.localId);
    return { status: done.snapshot?.status, artifact: (result?.structuredContent as { project?: unknown } | undefined)?.project };
  } finally {
    await engine.dispose();
    data.cleanup();
  }
}

const FORMS: DemoServerForm[] = ['extension', 'legacy'];

describe.each(FORMS)('the bundled %s demo server under plain node', (form) => {
  it('completes a task over stdio', async () => {
    const config: ServerConfig = { id: `bundle-${form}`, name: 'Bundle', transport: 'stdio', command: process.execPath, args: [bundle, '--form', form, '--transport', 'stdio'], cwd: folder };
    expect(await runBuildTask(config, form)).toEqual({ status: 'completed', artifact: 'bundle' });
  });

  it('completes a task over HTTP', async () => {
    const server = await startDemoServer({ form, transport: 'http', run: { command: process.execPath, args: [bundle, '--form', form, '--transport', 'http', '--port', '0'], cwd: folder } });
    const config: ServerConfig = { id: `bundle-${form}-http`, name: 'Bundle', transport: 'http', url: server.url! };
    expect(await runBuildTask(config, form)).toEqual({ status: 'completed', artifact: 'bundle' });
    await server.stop();
  });
});

/** A process started by `forkLikeUtilityProcess`: the script it runs, its stderr so far, and how it ended. */
interface ForkedServer {
  script: string;
  stderr: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** What utilityProcess.fork gives, from a Node child with an IPC channel and the parentPort shim preloaded. */
function forkLikeUtilityProcess({ args, env }: LaunchParameters, record: ForkedServer[], script = bundle): LaunchedProcess {
  const child = fork(script, [...args], {
    cwd: folder,
    env,
    execArgv: ['--import', pathToFileURL(join(folder, 'parent-port.js')).href],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const forked: ForkedServer = { script, stderr: '', exit: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))) };
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (forked.stderr += chunk));
  record.push(forked);
  const messageChild: MessageChild = {
    get pid() {
      return child.pid;
    },
    stdout: child.stdout,
    stderr: child.stderr,
    postMessage: (message) => {
      if (!child.connected) throw new Error('The process is gone.');
      child.send(message as object);
    },
    once: (event: 'spawn' | 'exit', listener: (code: number) => void) => child.once(event, (code: number | null) => listener(code ?? 1)),
  };
  return launchedFromMessageChild(messageChild);
}

describe.each(FORMS)('the bundled %s demo server as the packaged app runs it (stdin over messages)', (form) => {
  it('completes a task, configured as bundledDemoServers() configures it, and ends when its stdin ends', async () => {
    const config = bundledDemoServers().find((server) => server.id === `demo-${form}`)!;
    const forked: ForkedServer[] = [];
    const launchProcess = bundledDemoLauncher((parameters) => forkLikeUtilityProcess(parameters, forked));
    expect(await runBuildTask(config, form, { launchProcess })).toEqual({ status: 'completed', artifact: 'bundle' });
    expect(forked).toHaveLength(1);
    // Closing the engine ended stdin (a message): the server stopped by itself, and its port let the process exit.
    expect(await forked[0]!.exit).toEqual({ code: 0, signal: null });
    expect(forked[0]!.stderr).toContain('shutting down (stdin closed)');
  });
});

describe('the bundled demo servers saved by the desktop app', () => {
  it('run again after a restart from wherever the bundle now is (an update moved it)', async () => {
    const data = tempDataDir();
    const moved = join(folder, 'after-update');
    mkdirSync(moved);
    copyFileSync(bundle, join(moved, 'demo-server.cjs'));
    const runHost = async (script: string): Promise<ForkedServer[]> => {
      const forked: ForkedServer[] = [];
      const host = await createHost({
        dataDir: data.dir,
        mode: 'electron',
        secretStore: sessionOnlySecretStore,
        logger: createConsoleLogger('warn'),
        defaultServers: bundledDemoServers(),
        ports: { launchProcess: bundledDemoLauncher((parameters) => forkLikeUtilityProcess(parameters, forked, script)) },
      });
      await expect.poll(() => forked.filter((server) => server.stderr.includes('serving')).length, { timeout: 20_000 }).toBe(2);
      await host.dispose();
      return forked;
    };
    try {
      await runHost(bundle);
      const saved = readFileSync(join(data.dir, SERVER_FILE), 'utf8');
      expect(saved).toContain(JSON.stringify(BUNDLED_DEMO_SERVER_COMMAND));
      expect(saved).not.toContain(folder);
      const again = await runHost(join(moved, 'demo-server.cjs'));
      expect(again.map((server) => server.script)).toEqual([join(moved, 'demo-server.cjs'), join(moved, 'demo-server.cjs')]);
    } finally {
      data.cleanup();
    }
  });
});
