import { describe, expect, it } from 'vitest';
import { eventShapes, firstScreenAnswers, isAppInfo, isHostFrame, isPendingInputView, isServerView } from '../../../renderer/bridge/contract-shapes';
import { EVENT_CHANNEL_NAMES } from '../../../shared/ipc/channels';
import { AppInfoSchema, eventChannels, invokeChannels, PendingInputViewSchema, ServerViewSchema, type PendingInputView } from '../../../shared/ipc/contract';
import { HostFrameSchema } from '../../../shared/ipc/socket-protocol';
import { ServerStateSchema } from '../../../shared/server-config';
import { DEPLOY_FORM, makeAppInfo, makeInputView, makeServer, makeTask, NOW } from '../factories';
import { disagreements, verdicts } from './shape-agreement';

/** As it arrives: parsed JSON. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A server view with every member the contract allows, nested ones included. */
const fullServer = asJson(makeServer({
  transport: 'stdio',
  command: 'node',
  args: ['server.js'],
  envNames: ['TOKEN'],
  lostEnvNames: ['OLD'],
  cwd: '/tmp',
  url: 'https://a.example/mcp',
  headerNames: ['Authorization'],
  sessionOnlyHeaderNames: ['X-Key'],
  httpTransport: 'sse',
  oauth: { clientId: 'client', scope: 'read' },
  replacedBy: 'server-b',
  roots: [{ uri: 'file:///tmp/work', name: 'work' }],
  logLevel: 'warning',
  state: {
    id: 'server-a',
    name: 'Server A',
    status: 'reconnecting',
    era: 'legacy',
    protocolVersion: '2025-11-25',
    taskSupport: 'legacy',
    logging: true,
    serverInfo: { name: 'alpha', version: '1.0.0' },
    lastError: 'refused',
    health: { condition: 'degraded', kind: 'http-status', httpStatus: 503, since: NOW, detail: 'Service unavailable', failedRequests: 3 },
    exit: { code: 1, signal: 'SIGTERM', stderr: ['boom'] },
    failedStarts: 2,
    nextRetryAt: NOW + 1_000,
    signIn: { status: 'needed', reason: 'expired', scope: 'read', issuer: 'https://auth.example', error: 'denied', authorizationUrl: 'https://auth.example/a', expiresAt: NOW },
    httpTransport: 'streamable',
  },
}));
const notRespondingServer = asJson(makeServer({ state: { id: 'server-a', name: 'A', status: 'connected', health: { condition: 'not-responding', since: NOW, probe: 'ping', pingTimeoutMs: 5_000 } } }));

const common = { localId: 'task-1', serverId: 'server-a', key: 'k', receivedAt: NOW, method: 'elicitation/create', server: { name: 'Alpha', reportedName: 'alpha' }, queuePlace: 1, held: true, heldAction: 'decline', round: 2 } as const;
const parts = [{ kind: 'text', text: 'Hello' }, { kind: 'note', text: 'An image is not shown.' }] as const;
/** One pending input of each kind, each with every member its kind allows. */
const fullInputs = asJson<PendingInputView[]>([
  {
    ...common,
    kind: 'form',
    message: 'Deploy?',
    form: {
      title: 'Deploy',
      description: 'Confirm',
      fields: [
        { name: 'note', label: 'Note', description: 'd', required: false, kind: 'text', minLength: 1, maxLength: 9, pattern: '^a', initial: 'a' },
        { name: 'count', label: 'Count', required: true, kind: 'integer', minimum: 1, maximum: 9, initial: 2 },
        { name: 'ok', label: 'OK', required: true, kind: 'boolean', initial: true },
        { name: 'env', label: 'Env', required: true, kind: 'select', options: [{ value: 's', label: 'staging' }], initial: 's' },
        { name: 'regions', label: 'Regions', required: false, kind: 'multiselect', options: [{ value: 'eu', label: 'EU' }], minItems: 0, maxItems: 2, initial: ['eu'] },
      ],
      notes: ['n'],
      ignored: [{ field: 'f', keywords: ['oneOf'] }],
    },
  },
  { ...common, kind: 'refusal', message: 'No', refusal: { problems: ['p'] } },
  { ...common, kind: 'url', message: 'Open', url: { full: 'https://a.example', host: 'a.example', warnings: ['w'], canOpen: true } },
  { ...common, method: 'roots/list', kind: 'roots', roots: [{ uri: 'file:///tmp', name: 'tmp' }] },
  {
    ...common,
    method: 'sampling/createMessage',
    kind: 'sampling',
    declineEffect: 'cancel-task',
    sampling: {
      kind: 'request',
      request: {
        messages: [{ role: 'user', parts: [...parts] }],
        systemPrompt: [...parts],
        parameters: { maxTokens: 100, temperature: 0.5, stopSequences: ['x'], includeContext: 'thisServer', modelHints: ['m'], priorities: { cost: 1, speed: 0.5, intelligence: 0 }, tools: ['t'], toolChoice: 'auto' },
        notes: ['n'],
      },
    },
  },
  { ...common, method: 'sampling/createMessage', kind: 'sampling', declineEffect: 'refuse', sampling: { kind: 'refusal', problems: ['p'] } },
  { ...common, method: 'x/y', kind: 'unsupported', description: 'Unknown', message: 'm' },
]);
const fullAppInfo = asJson(makeAppInfo({ saveProblem: { reason: 'disk full (ENOSPC)', folder: '/data' } }));

describe('the hand checks give the verdict of the contract schema they stand in for', () => {
  it('the full samples have every member the contract declares', () => {
    expect(Object.keys(fullServer).sort()).toEqual(Object.keys(ServerViewSchema.shape).sort());
    expect(Object.keys(fullServer.state!).sort()).toEqual(Object.keys(ServerStateSchema.shape).sort());
    expect(Object.keys(fullAppInfo).sort()).toEqual(Object.keys(AppInfoSchema.shape).sort());
    expect(new Set(fullInputs.map((input) => input.kind))).toEqual(new Set(PendingInputViewSchema.options.map((option) => option.shape.kind.value)));
  });

  it.each([
    ['a server view', ServerViewSchema, isServerView, fullServer],
    ['a server view, not responding', ServerViewSchema, isServerView, notRespondingServer],
    ['a plain server view', ServerViewSchema, isServerView, asJson(makeServer())],
    ...fullInputs.map((input, index) => [`a pending input (${input.kind} ${index})`, PendingInputViewSchema, isPendingInputView, input] as const),
    ['the demo form', PendingInputViewSchema, isPendingInputView, asJson(makeInputView({ form: DEPLOY_FORM }))],
    ['app info', AppInfoSchema, isAppInfo, fullAppInfo],
    ['a result frame', HostFrameSchema, isHostFrame, { type: 'result', id: 3, result: { ok: true, value: { any: 'thing' } } }],
    ['an error frame', HostFrameSchema, isHostFrame, { type: 'result', id: 0, result: { ok: false, error: { message: 'm', code: -32_601 } } }],
    ['an event frame', HostFrameSchema, isHostFrame, { type: 'event', channel: 'tasks:removed', payload: { localIds: ['a'] } }],
  ] as const)('%s, each member removed or replaced by every kind of value', (_name, schema, check, sample) => {
    expect(verdicts(schema, check, sample)).toEqual({ zod: true, hand: true });
    expect(disagreements(schema, check, sample)).toEqual([]);
  });

  const eventSamples: { [E in (typeof EVENT_CHANNEL_NAMES)[number]]: unknown } = {
    'tasks:updated': { tasks: [asJson(makeTask())], details: [{ localId: 't', timeline: { count: 3, entries: [{ at: 1, status: 'working', statusMessage: 'm', note: 'n' }] }, answeredInputKeys: ['k'] }] },
    'tasks:removed': { localIds: ['a', 'b'] },
    'servers:changed': { servers: [fullServer, notRespondingServer] },
    'inputs:changed': { inputs: fullInputs },
    'notifications:raised': { notification: { id: 'n', localId: 't', kind: 'completed', title: 'Done', body: 'build finished' } },
    'notifications:activated': { localId: 't' },
    'logs:appended': { serverIds: ['server-a'], exchangeLocalIds: ['t'] },
    'app:changed': { info: fullAppInfo },
  };

  it.each(EVENT_CHANNEL_NAMES.map((channel) => [channel] as const))('the %s event', (channel) => {
    const sample = eventSamples[channel];
    expect(verdicts(eventChannels[channel], eventShapes[channel], sample)).toEqual({ zod: true, hand: true });
    // tasks:updated's summaries and detail changes are probed field by field in summary-shape.test.ts.
    expect(disagreements(eventChannels[channel], eventShapes[channel], channel === 'tasks:updated' ? { tasks: [], details: [] } : sample)).toEqual([]);
  });

  it.each(Object.keys(firstScreenAnswers).map((channel) => [channel as keyof typeof firstScreenAnswers] as const))('the %s answer', (channel) => {
    const check = firstScreenAnswers[channel]!;
    const schema = invokeChannels[channel].response;
    // Summaries are probed field by field in summary-shape.test.ts: a head's groups hold none here.
    const sample = { 'tasks:list': [], 'tasks:head': [{ group: 'running', count: 3, tasks: [] }], 'servers:list': [fullServer], 'inputs:list': fullInputs, 'app:info': fullAppInfo }[channel as string];
    expect(verdicts(schema, check, sample)).toEqual({ zod: true, hand: true });
    expect(disagreements(schema, check, sample)).toEqual([]);
  });

  it('refuses what the contract refuses (not only agrees)', () => {
    for (const [name, check, value] of [
      ['a relative root', isServerView, { ...fullServer, roots: [{ uri: 'file://host/share' }] }],
      ['an extra member in a root', isServerView, { ...fullServer, roots: [{ uri: 'file:///tmp', extra: 1 }] }],
      ['an extra member in oauth', isServerView, { ...fullServer, oauth: { clientId: 'c', secret: 's' } }],
      ['nine stderr lines', isServerView, { ...fullServer, state: { ...fullServer.state, exit: { stderr: Array.from({ length: 9 }, () => 'x') } } }],
      ['zero failed requests', isServerView, { ...notRespondingServer, state: { ...notRespondingServer.state, health: { condition: 'degraded', kind: 'network', since: 1, detail: '', failedRequests: 0 } } }],
      ['a form field of no kind', isPendingInputView, { ...fullInputs[0], form: { ...DEPLOY_FORM, fields: [{ name: 'a', label: 'a', required: true, kind: 'colour' }] } }],
      ['a first round', isPendingInputView, { ...fullInputs[1], round: 1 }],
      ['a sampling refusal without problems', isPendingInputView, { ...fullInputs[5], sampling: { kind: 'refusal' } }],
      ['an unknown mode', isAppInfo, { ...fullAppInfo, mode: 'cli' }],
      ['a negative frame id', isHostFrame, { type: 'result', id: -1, result: { ok: true, value: 1 } }],
      ['a long channel name', isHostFrame, { type: 'event', channel: 'x'.repeat(65), payload: {} }],
      ['an error without a message', isHostFrame, { type: 'result', id: 1, result: { ok: false, error: {} } }],
    ] as const) {
      expect(check(value), name).toBe(false);
    }
  });
});
