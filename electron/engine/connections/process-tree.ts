/**
 * Ending a stdio server's whole process tree
 * (docs/security.md#running-servers-stdio-is-code-execution): launchers such as `npx` or shell
 * wrappers leave grandchildren behind when only the direct child is signalled. The tree is read
 * before the child is stopped, because once it exits its children are re-parented and lost.
 */
import { execFile } from 'node:child_process';

/** How long descendants get to exit after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 2_000;

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(command, args, { windowsHide: true, timeout: 5_000 }, (error, stdout) => resolve(error ? '' : stdout));
  });
}

/** Every descendant pid of `rootPid` (children first, then theirs), read from `ps` on POSIX. */
export async function listDescendants(rootPid: number): Promise<number[]> {
  if (process.platform === 'win32') return [];
  const table = await run('ps', ['-A', '-o', 'pid=,ppid=']);
  const childrenOf = new Map<number, number[]>();
  for (const line of table.split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid === undefined || ppid === undefined || !Number.isInteger(pid) || !Number.isInteger(ppid)) continue;
    const siblings = childrenOf.get(ppid);
    if (siblings === undefined) childrenOf.set(ppid, [pid]);
    else siblings.push(pid);
  }
  const result: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    for (const child of childrenOf.get(queue.shift()!) ?? []) {
      result.push(child);
      queue.push(child);
    }
  }
  return result;
}

/** True while a process with this pid exists (a zombie not yet reaped counts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone: nothing to end.
  }
}

/**
 * Stops `pids` (already-collected descendants): SIGTERM, then SIGKILL for any still alive
 * after a grace period. On Windows `taskkill /T` ends the tree from the root instead.
 */
export async function endProcesses(pids: readonly number[], rootPidOnWindows?: number): Promise<void> {
  if (process.platform === 'win32') {
    if (rootPidOnWindows !== undefined) await run('taskkill', ['/PID', String(rootPidOnWindows), '/T', '/F']);
    return;
  }
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + KILL_GRACE_MS;
  while (pids.some(isAlive) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const pid of pids) if (isAlive(pid)) signal(pid, 'SIGKILL');
}
