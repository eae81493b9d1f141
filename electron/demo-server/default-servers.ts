/**
 * The embedded default: both demo servers over stdio, configured on first start so the app
 * shows its worth before the user adds anything. The servers run in a plain Node process
 * (`process.execPath` + tsx), never through a shell.
 */
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '../../shared/server-config.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** The command line that runs a demo server over stdio. */
export function demoServerCommand(form: 'extension' | 'legacy'): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', 'tsx', MAIN, '--form', form, '--transport', 'stdio'] };
}

/** Server configs for both demo servers (stdio). */
export function defaultDemoServers(): ServerConfig[] {
  return [
    { id: 'demo-extension', name: 'Demo (tasks extension, 2026-07-28)', transport: 'stdio', ...demoServerCommand('extension') },
    { id: 'demo-legacy', name: 'Demo (experimental tasks, 2025-11-25)', transport: 'stdio', ...demoServerCommand('legacy') },
  ];
}
