import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, APP_ORIGIN, isAppOrigin, resolveAppFile } from '../../../electron/main/app-url.js';

const ROOT = resolve('/srv/app/dist/renderer');

describe('resolveAppFile', () => {
  it.each([
    ['app://mcp-task-monitor/', 'index.html', 'text/html; charset=utf-8'],
    ['app://mcp-task-monitor', 'index.html', 'text/html; charset=utf-8'],
    [APP_ENTRY_URL, 'index.html', 'text/html; charset=utf-8'],
    ['app://mcp-task-monitor/index.html?x=1#top', 'index.html', 'text/html; charset=utf-8'],
    ['app://mcp-task-monitor/assets/index-4f2a.js', join('assets', 'index-4f2a.js'), 'text/javascript; charset=utf-8'],
    ['app://mcp-task-monitor/assets/index-4f2a.css', join('assets', 'index-4f2a.css'), 'text/css; charset=utf-8'],
    ['app://mcp-task-monitor/assets/font.woff2', join('assets', 'font.woff2'), 'font/woff2'],
    ['app://mcp-task-monitor/assets/my%20icon.svg', join('assets', 'my icon.svg'), 'image/svg+xml'],
    ['app://mcp-task-monitor/LICENSE', 'LICENSE', 'application/octet-stream'],
  ])('serves %s', (url, file, contentType) => {
    expect(resolveAppFile(url, ROOT)).toEqual({ ok: true, filePath: join(ROOT, file), contentType });
  });

  it.each([
    ['plain dot-dot', 'app://mcp-task-monitor/../../etc/passwd'],
    ['dot-dot inside', 'app://mcp-task-monitor/assets/../../secret.json'],
    ['single dot segment', 'app://mcp-task-monitor/./index.html'],
    ['encoded dot-dot', 'app://mcp-task-monitor/%2e%2e/%2e%2e/etc/passwd'],
    ['upper-case encoded dot-dot', 'app://mcp-task-monitor/%2E%2E/secret'],
    ['half-encoded dot-dot', 'app://mcp-task-monitor/.%2e/secret'],
    ['encoded slash and dot-dot', 'app://mcp-task-monitor/assets%2f..%2f..%2fsecret'],
    ['double-encoded dot-dot', 'app://mcp-task-monitor/%252e%252e/secret'],
    ['backslash', 'app://mcp-task-monitor/assets\\..\\secret'],
    ['encoded backslash', 'app://mcp-task-monitor/assets%5c..%5csecret'],
    ['absolute POSIX path', 'app://mcp-task-monitor//etc/passwd'],
    ['encoded absolute path', 'app://mcp-task-monitor/%2fetc%2fpasswd'],
    ['Windows drive path', 'app://mcp-task-monitor/C:/Windows/win.ini'],
    ['Windows drive-relative path', 'app://mcp-task-monitor/C:win.ini'],
    ['UNC path', 'app://mcp-task-monitor/%5c%5cserver%5cshare'],
    ['NUL byte', 'app://mcp-task-monitor/index.html%00.png'],
    ['control character', 'app://mcp-task-monitor/index%0a.html'],
    ['malformed percent-encoding', 'app://mcp-task-monitor/%zz'],
    ['another host', 'app://evil.example/index.html'],
    ['user info pointing elsewhere', 'app://mcp-task-monitor@evil.example/index.html'],
    ['user info on our host', 'app://someone@mcp-task-monitor/index.html'],
    ['file URL', 'file:///etc/passwd'],
    ['https URL', 'https://mcp-task-monitor/index.html'],
    ['not a URL', 'index.html'],
  ])('refuses %s', (_name, url) => {
    const lookup = resolveAppFile(url, ROOT);
    expect(lookup.ok).toBe(false);
  });

  it('refuses methods other than GET and HEAD', () => {
    expect(resolveAppFile(APP_ENTRY_URL, ROOT, 'POST')).toMatchObject({ ok: false, status: 405 });
    expect(resolveAppFile(APP_ENTRY_URL, ROOT, 'HEAD')).toMatchObject({ ok: true });
  });
});

describe('isAppOrigin', () => {
  it.each([
    [APP_ORIGIN, true],
    [`${APP_ORIGIN}/index.html#/tasks`, true],
    ['app://mcp-task-monitor.evil.example/', false],
    ['app://evil.example/', false],
    ['app://user@mcp-task-monitor/', false],
    ['app://mcp-task-monitor:8080/', false],
    ['https://mcp-task-monitor/', false],
    ['file:///index.html', false],
    ['about:blank', false],
    ['', false],
    [undefined, false],
    [null, false],
  ])('%s → %s', (url, expected) => {
    expect(isAppOrigin(url)).toBe(expected);
  });
});
