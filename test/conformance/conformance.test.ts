/**
 * The official MCP conformance client scenarios against the terminal client, as `npm run
 * conformance` runs them: a regression in any of the four scenarios the client must pass fails
 * the test run. Never skipped: without a Node 22 to run the suite on, the test fails and says why.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RUNNER = fileURLToPath(new URL('./run-conformance.ts', import.meta.url));

const SummarySchema = z.object({
  passed: z.number(),
  failed: z.number(),
  scenarios: z.record(z.string(), z.string()),
  notRun: z.array(z.string()),
  error: z.string().optional(),
});

/** Runs the conformance script and reads its last line. */
async function runSuite(): Promise<z.infer<typeof SummarySchema>> {
  const child = spawn(process.execPath, ['--import', 'tsx', RUNNER], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  await new Promise((resolve) => child.on('close', resolve));
  const last = stdout.trimEnd().split('\n').at(-1) ?? '';
  if (!last.startsWith('CONFORMANCE ')) throw new Error(`The conformance script printed no CONFORMANCE line.\nstdout:\n${stdout}\nstderr:\n${stderr}`);
  return SummarySchema.parse(JSON.parse(last.slice('CONFORMANCE '.length)));
}

describe('MCP conformance client scenarios (@modelcontextprotocol/conformance)', () => {
  let summary: z.infer<typeof SummarySchema>;
  beforeAll(async () => {
    summary = await runSuite();
  }, 300_000);

  it('could run (a Node 22 was found or installed)', () => {
    expect(summary.error).toBeUndefined();
  });

  it.each(['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry'])('passes %s', (scenario) => {
    expect(summary.scenarios[scenario]).toBe('passed');
  });

  it('lists the OAuth scenarios as not run, and runs every other one', () => {
    expect(summary.notRun.length).toBeGreaterThan(0);
    expect(summary.notRun.every((name) => name.startsWith('auth/'))).toBe(true);
    expect(Object.keys(summary.scenarios).some((name) => name.startsWith('auth/'))).toBe(false);
    expect(summary.passed + summary.failed).toBe(Object.keys(summary.scenarios).length);
  });
});
