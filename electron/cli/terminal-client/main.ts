/**
 * The `mcp-task-monitor` command (see run-cli.ts): the real process around the terminal client.
 * Ctrl+C (SIGINT) or SIGTERM stops following and ends the command cleanly (connections closed,
 * the store flushed; tasks on their servers go on); a second one ends the process at once. A
 * reader that goes away (`| head -1`) ends the command the same way, without an error.
 */
import { runCli } from './run-cli.js';

const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.once(signal, () => process.exit(130));
    stop.abort();
  });
}
let isStdoutGone = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  isStdoutGone = true;
  stop.abort();
});
const stdout = { write: (text: string) => isStdoutGone || process.stdout.write(text) };
process.exitCode = await runCli(process.argv.slice(2), { stdin: process.stdin, stdout, stderr: process.stderr, signal: stop.signal, env: process.env });
// Nothing of ours is left running; a stray handle (a half-closed socket) must not keep the command alive.
process.exit();
