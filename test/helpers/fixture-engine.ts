/** A real engine talking to one small fixture server (test/fixtures) over real stdio, restartable on its data. */
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '../../shared/server-config.js';
import type { Engine } from '../../electron/engine/index.js';
import { nodeEngine, tempDataDir, waitForServer } from './engine-harness.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A stdio server config that runs the fixture `script` (a module URL) with tsx. */
export function fixtureServerConfig(id: string, name: string, script: URL): ServerConfig {
  return { id, name, transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', fileURLToPath(script)], cwd: REPO_ROOT };
}

/**
 * An engine on a fresh temp data folder, connected to `config`'s server by `start`. `restart`
 * disposes it and starts a new one on the same folder (as the app after a restart) without
 * waiting for the server, so a test can look at what was loaded first. `stop` disposes and
 * deletes the folder.
 */
export function fixtureEngine(config: ServerConfig) {
  let current: Engine | undefined;
  let data: ReturnType<typeof tempDataDir> | undefined;
  const launch = async (dir: string): Promise<Engine> => {
    current = nodeEngine(dir);
    await current.start([config]);
    return current;
  };
  return {
    get engine(): Engine {
      if (current === undefined) throw new Error('The engine has not been started.');
      return current;
    },
    async start(): Promise<void> {
      data = tempDataDir();
      await waitForServer(await launch(data.dir), config.id);
    },
    async restart(): Promise<void> {
      if (current === undefined || data === undefined) throw new Error('The engine has not been started.');
      await current.dispose();
      await launch(data.dir);
    },
    async stop(): Promise<void> {
      await current?.dispose();
      data?.cleanup();
    },
  };
}
