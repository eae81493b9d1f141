/**
 * An independent 2025-11-25 peer: @modelcontextprotocol/server-everything over a real stdio pipe.
 * `simulate-research-query` with `ambiguous: true` goes input_required and sends its elicitation
 * only on the open `tasks/result` stream (docs/protocol-notes.md#input-through-the-result-stream).
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine/index.js';
import { nodeEngine, tempDataDir, waitForInput, waitForServer, waitForTask } from '../helpers/engine-harness.js';
import { describeAppNote } from '../../shared/messages/fact-messages.js';

const require = createRequire(import.meta.url);
const everythingMain = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

describe('engine against server-everything (2025-11-25, stdio)', () => {
  let engine: Engine | undefined;
  let cleanup = (): void => undefined;
  afterEach(async () => {
    await engine?.dispose();
    cleanup();
  });

  it('answers the research query elicitation and receives the report', async () => {
    const data = tempDataDir();
    cleanup = data.cleanup;
    engine = nodeEngine(data.dir);
    await engine.start([{ id: 'everything', name: 'Everything', transport: 'stdio', command: process.execPath, args: [everythingMain, 'stdio'] }]);
    const state = await waitForServer(engine, 'everything');
    expect(state).toMatchObject({ era: 'legacy', taskSupport: 'legacy' });

    const outcome = await engine.callTool('everything', 'simulate-research-query', { topic: 'python', ambiguous: true });
    expect(outcome.kind).toBe('task');
    if (outcome.kind !== 'task') return;
    const input = await waitForInput(engine, outcome.task.localId);
    expect(input.request.method).toBe('elicitation/create');
    const schema = input.request.params?.requestedSchema as { properties: Record<string, { oneOf?: { const: string }[] }> };
    const [field, definition] = Object.entries(schema.properties)[0]!;
    const choice = definition.oneOf![0]!.const;

    await engine.answerInput(outcome.task.localId, input.key, { action: 'accept', content: { [field]: choice } });
    const done = await waitForTask(engine, outcome.task.localId, (task) => task.snapshot?.status === 'completed', 30_000, 'completion');
    expect(done.hasResult).toBe(true);
    const result = await engine.getResult(done.localId);
    expect(JSON.stringify(result)).toContain('python');
    expect(done.timeline.map((entry) => entry.status ?? describeAppNote(entry))).toEqual(expect.arrayContaining(['input_required', 'completed']));
    expect(engine.listInputs()).toEqual([]);
  });
});
