/**
 * The official MCP conformance client scenarios against the terminal client, as `npm run
 * conformance` runs them: a regression in any scenario the client must pass fails the test run —
 * the four base ones, and every `auth/*` one filed under a dated spec version (2025-11-25,
 * 2025-06-18, 2025-03-26); `draft` and `extension` ones are run and reported, not required.
 * Never skipped: without a Node 22 to run the suite on, the test fails and says why.
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
  versions: z.record(z.string(), z.array(z.string())),
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

  it('runs every scenario the suite lists, the auth ones included', () => {
    expect(Object.keys(summary.scenarios).sort()).toEqual(Object.keys(summary.versions).sort());
    expect(Object.keys(summary.scenarios).filter((name) => name.startsWith('auth/')).length).toBeGreaterThanOrEqual(20);
    expect(summary.passed + summary.failed).toBe(Object.keys(summary.scenarios).length);
  });

  it('passes every auth scenario of a dated spec version (2025-11-25, 2025-06-18, 2025-03-26)', () => {
    const dated = Object.entries(summary.versions)
      .filter(([name, versions]) => name.startsWith('auth/') && versions.some((version) => /^\d{4}-\d{2}-\d{2}$/u.test(version)))
      .map(([name]) => name);
    expect(dated.length).toBeGreaterThanOrEqual(16);
    expect(Object.fromEntries(dated.map((name) => [name, summary.scenarios[name]]))).toEqual(Object.fromEntries(dated.map((name) => [name, 'passed'])));
  });
});
