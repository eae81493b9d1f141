// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { KEEP_SAVED_VALUE } from '../../../shared/ipc/contract';
import { draftToServerInput, emptyServerDraft, parseArgumentLines, parsePairLines, replaceEnvValue, serverToDraft, type ServerDraft } from '../../../renderer/lib/server-draft';
import { makeServer } from '../factories';

describe('parseArgumentLines', () => {
  it.each<[string, string, string[]]>([
    ['nothing', '', []],
    ['one per line', '-y\n@scope/server', ['-y', '@scope/server']],
    ['the final newline adds nothing', '-y\n', ['-y']],
    ['spaces are kept, never split', '--name=my project\n  padded  ', ['--name=my project', '  padded  ']],
    ['an empty line in the middle is an empty argument', 'a\n\nb', ['a', '', 'b']],
    ['Windows line ends', 'a\r\nb\r\n', ['a', 'b']],
    ['quotes are passed as typed', '"quoted"', ['"quoted"']],
  ])('%s', (_name, source, expected) => {
    expect(parseArgumentLines(source)).toEqual(expected);
  });
});

describe('parsePairLines', () => {
  it.each<[string, string, '=' | ':', ReturnType<typeof parsePairLines>]>([
    ['env lines', 'A=1\nB=x=y\n', '=', { ok: true, pairs: { A: '1', B: 'x=y' } }],
    ['blank lines are skipped', 'A=1\n\n  \nB=2', '=', { ok: true, pairs: { A: '1', B: '2' } }],
    ['an empty value is allowed', 'A=', '=', { ok: true, pairs: { A: '' } }],
    ['env values keep their spaces', 'A= spaced ', '=', { ok: true, pairs: { A: ' spaced ' } }],
    ['headers are trimmed', 'Authorization:  Bearer x \nX-Y:z', ':', { ok: true, pairs: { Authorization: 'Bearer x', 'X-Y': 'z' } }],
    ['a line without the separator', 'A=1\noops', '=', { ok: false, error: 'Line 2: write NAME=value.' }],
    ['a line without a name', '=1', '=', { ok: false, error: 'Line 1: write NAME=value.' }],
    ['a header without a colon', 'Bearer x', ':', { ok: false, error: 'Line 1: write Name: value.' }],
  ])('%s', (_name, source, separator, expected) => {
    expect(parsePairLines(source, separator)).toEqual(expected);
  });
});

describe('draftToServerInput', () => {
  const stdio = (overrides: Partial<ServerDraft>): ServerDraft => ({ ...emptyServerDraft('stdio'), name: 'Files', command: 'npx', ...overrides });
  const http = (overrides: Partial<ServerDraft>): ServerDraft => ({ ...emptyServerDraft('http'), name: 'Remote', url: 'https://mcp.example/mcp', ...overrides });

  it('converts a stdio draft exactly', () => {
    expect(draftToServerInput(stdio({ argsText: '-y\n@mcp/files\n/home/me/my docs', envText: 'TOKEN=abc', cwd: '/tmp' }))).toEqual({
      ok: true,
      server: { name: 'Files', transport: 'stdio', command: 'npx', args: ['-y', '@mcp/files', '/home/me/my docs'], env: { TOKEN: 'abc' }, cwd: '/tmp' },
    });
  });

  it('converts an http draft and keeps the id of an edited server', () => {
    expect(draftToServerInput(http({ id: 'srv-1', headersText: 'Authorization: Bearer t' }))).toEqual({
      ok: true,
      server: { id: 'srv-1', name: 'Remote', transport: 'http', url: 'https://mcp.example/mcp', headers: { Authorization: 'Bearer t' } },
    });
  });

  it('sends HTTP+SSE and the sign-in client settings only when chosen, scopes one space apart', () => {
    expect(draftToServerInput(http({ httpTransport: 'sse', clientId: '  mtm-desktop ', scope: ' tasks   deploy\n' }))).toEqual({
      ok: true,
      server: { name: 'Remote', transport: 'http', url: 'https://mcp.example/mcp', httpTransport: 'sse', oauth: { clientId: 'mtm-desktop', scope: 'tasks deploy' } },
    });
    const plain = draftToServerInput(http({ scope: '   ' }));
    expect(plain.ok && ('httpTransport' in plain.server || 'oauth' in plain.server)).toBe(false);
    expect(draftToServerInput(http({ clientId: 'two words' }))).toEqual({ ok: false, errors: { clientId: 'A client id has no spaces.' } });
  });

  it('an edited HTTP server starts from its transport and sign-in settings', () => {
    const draft = serverToDraft(makeServer({ id: 'r', url: 'https://x.example/sse', httpTransport: 'sse', oauth: { clientId: 'c', scope: 'a b' } }));
    expect(draft).toMatchObject({ httpTransport: 'sse', clientId: 'c', scope: 'a b' });
  });

  it('leaves headers out when none are typed (the host keeps the saved ones)', () => {
    const check = draftToServerInput(http({}));
    expect(check.ok && 'headers' in check.server).toBe(false);
  });

  it.each<[string, ServerDraft, Record<string, string>]>([
    ['a name is required', stdio({ name: '  ' }), { name: 'Give the server a name.' }],
    ['a command is required', stdio({ command: '' }), { command: 'Enter the command to run.' }],
    ['bad env lines', stdio({ envText: 'nope' }), { envText: 'Line 1: write NAME=value.' }],
    ['a URL is required', http({ url: '' }), { url: 'Enter an http:// or https:// address.' }],
    ['only http(s) URLs', http({ url: 'file:///etc/passwd' }), { url: 'Enter an http:// or https:// address.' }],
    ['javascript: is not a URL here', http({ url: 'javascript:alert(1)' }), { url: 'Enter an http:// or https:// address.' }],
    ['bad header lines', http({ headersText: 'token' }), { headersText: 'Line 1: write Name: value.' }],
  ])('%s', (_name, draft, errors) => {
    expect(draftToServerInput(draft)).toEqual({ ok: false, errors });
  });

  it('reports the contract limits the host enforces', () => {
    const check = draftToServerInput(stdio({ name: 'x'.repeat(201) }));
    expect(check.ok === false && check.errors.form).toMatch(/^name:/);
  });
});

describe('serverToDraft', () => {
  it('puts arguments one per line and keeps saved variables by name (their values never reach the renderer)', () => {
    const draft = serverToDraft(makeServer({ id: 's', transport: 'stdio', command: 'node', args: ['a b', 'c'], envNames: ['K'], cwd: '/w', url: undefined }));
    expect(draft).toEqual({ id: 's', transport: 'stdio', name: 'Server A', command: 'node', argsText: 'a b\nc', envText: '', keptEnvNames: ['K'], cwd: '/w', url: '', headersText: '', httpTransport: 'streamable', clientId: '', scope: '' });
    expect(draftToServerInput(draft)).toMatchObject({ ok: true, server: { args: ['a b', 'c'], env: { K: KEEP_SAVED_VALUE } } });
  });

  it('Replace value stops keeping a name and gives it a line; a typed value wins over a kept name', () => {
    const draft = serverToDraft(makeServer({ id: 's', transport: 'stdio', command: 'node', args: [], envNames: ['A', 'B'], url: undefined }));
    const replaced = { ...draft, ...replaceEnvValue({ ...draft, envText: 'NEW=1' }, 'B') };
    expect(replaced).toMatchObject({ keptEnvNames: ['A'], envText: 'NEW=1\nB=' });
    expect(draftToServerInput({ ...replaced, envText: 'NEW=1\nB=two' })).toMatchObject({ ok: true, server: { env: { A: null, NEW: '1', B: 'two' } } });
    expect(draftToServerInput({ ...draft, envText: 'A=typed' })).toMatchObject({ ok: true, server: { env: { A: 'typed', B: null } } });
    expect(draftToServerInput({ ...draft, keptEnvNames: [] })).toMatchObject({ ok: true, server: { transport: 'stdio' } });
    expect(draftToServerInput({ ...draft, keptEnvNames: [] })).not.toHaveProperty('server.env');
  });
});
