/**
 * Questions a server asks during a plain `tools/call` (no task) reach the user like a task's:
 * server-everything's `trigger-elicitation-request` and `trigger-sampling-request`, over real
 * stdio and real HTTP. They land in the pending inputs tied to the call, the call waits for the
 * person, and the answer the user gives is the one the server gets — never an automatic decline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import type { CallToolOutcome, Engine } from '../../electron/engine/index.js';
import { everythingStdioConfig, freePort, startEverythingHttp, type EverythingHttp } from '../helpers/everything-http.js';
import { nodeEngine, tempDataDir, waitForInputMatching, waitForServer } from '../helpers/engine-harness.js';

const textOf = (outcome: CallToolOutcome): string => {
  if (outcome.kind !== 'result') throw new Error(`expected a result, got ${outcome.kind}`);
  return JSON.stringify(outcome.result.content);
};

describe.each(['stdio', 'http'] as const)('server-everything over %s: questions outside tasks', (transport) => {
  const serverId = `everything-${transport}`;
  let http: EverythingHttp | undefined;
  let engine: Engine;
  const data = tempDataDir();

  beforeAll(async () => {
    let config: ServerConfig = everythingStdioConfig(serverId);
    if (transport === 'http') {
      http = await startEverythingHttp(await freePort());
      config = { id: serverId, name: 'Everything (HTTP)', transport: 'http', url: http.url };
    }
    engine = nodeEngine(data.dir);
    await engine.start([config]);
    await waitForServer(engine, serverId);
  });
  afterAll(async () => {
    await engine.dispose();
    await http?.kill();
    data.cleanup();
  });

  /** The one call of `tool` in flight: its entry's local id. */
  const callEntry = (tool: string): string => {
    const entry = engine.listTasks().find((task) => task.toolName === tool && task.phase === 'calling');
    if (entry === undefined) throw new Error(`no call of ${tool} in flight`);
    return entry.localId;
  };

  it('an elicitation during trigger-elicitation-request is asked, tied to the call, and the user\'s answer is the server\'s', async () => {
    const call = engine.callTool(serverId, 'trigger-elicitation-request', {});
    const input = await waitForInputMatching(engine, (pending) => pending.serverId === serverId && pending.request.method === 'elicitation/create', 'the elicitation', 10_000);
    expect(input.localId).toBe(callEntry('trigger-elicitation-request'));
    expect(input.declineEffect).toBe('refuse');
    await engine.answerInput(input.localId!, input.key, { action: 'accept', content: { name: 'Ada Lovelace', check: true } });
    const text = textOf(await call);
    expect(text).toContain('User provided the requested information');
    expect(text).toContain('Ada Lovelace');
    expect(engine.listInputs()).toEqual([]);
  });

  it('declined by the user, the server hears a decline (and only then)', async () => {
    const call = engine.callTool(serverId, 'trigger-elicitation-request', {});
    const input = await waitForInputMatching(engine, (pending) => pending.serverId === serverId, 'the elicitation', 10_000);
    await engine.answerInput(input.localId!, input.key, { action: 'decline' });
    expect(textOf(await call)).toContain('User declined');
  });

  it('a sampling request during trigger-sampling-request is asked, and the hand-written reply is the model answer', async () => {
    const call = engine.callTool(serverId, 'trigger-sampling-request', { prompt: 'Say hello', maxTokens: 50 });
    const input = await waitForInputMatching(engine, (pending) => pending.serverId === serverId && pending.request.method === 'sampling/createMessage', 'the sampling request', 10_000);
    expect(input.localId).toBe(callEntry('trigger-sampling-request'));
    await engine.answerInput(input.localId!, input.key, { role: 'assistant', content: { type: 'text', text: 'Hello from a person' }, model: 'human (MCP Task Monitor)' });
    expect(textOf(await call)).toContain('Hello from a person');
  });
});
