/**
 * Serves the built renderer (`dist/renderer`) read-only. A request path can name only files
 * inside the root: `..` segments (also percent-encoded, `%2e%2e`, `..%2f`), backslashes and NUL
 * are refused before the file system is asked, and the resolved real path (symlinks followed)
 * must still lie inside the root. Folders and unknown paths without a file extension get
 * index.html, so the single-page app can route them; unknown assets are 404.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isMissing } from '../node/data-folder.js';
import { splitUrl } from './access-guard.js';
import { contentTypeFor } from '../../shared/content-types.js';

const INDEX_FILE = 'index.html';


/** What a request path names: a file path relative to the root, or a refusal. */
export type RequestedPath = { ok: true; relative: string } | { ok: false; status: 400 | 403 };

/** Reads a raw request target (`/a/b.js?x`) as a root-relative path; pure, no file system. */
export function requestedPath(rawUrl: string): RequestedPath {
  const { path } = splitUrl(rawUrl);
  if (!path.startsWith('/')) return { ok: false, status: 400 };
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { ok: false, status: 400 };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { ok: false, status: 403 };
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.')) return { ok: false, status: 403 };
  return { ok: true, relative: segments.length === 0 ? INDEX_FILE : join(...segments) };
}

/** The built renderer on disk; see the module comment. */
export class StaticSite {
  private constructor(private readonly root: string) {}

  /** Opens `root`; rejects with a message telling how to build it when index.html is missing. */
  static async open(root: string): Promise<StaticSite> {
    try {
      const real = await realpath(root);
      if ((await stat(join(real, INDEX_FILE))).isFile()) return new StaticSite(real);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    throw new Error(`The browser UI has not been built: ${join(root, INDEX_FILE)} is missing. Run \`npm run serve\`, which builds it first.`);
  }

  /** Answers a GET or HEAD with the file, index.html, or an error status; `headers` go on every answer. */
  async serve(request: IncomingMessage, response: ServerResponse, headers: Readonly<Record<string, string>>): Promise<void> {
    const requested = requestedPath(request.url ?? '/');
    const file = requested.ok ? await this.#find(requested.relative) : requested.status;
    if (typeof file === 'number') {
      response.writeHead(file, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(file === 404 ? 'Not found' : 'Refused');
      return;
    }
    response.writeHead(200, {
      ...headers,
      'Content-Type': contentTypeFor(file.path),
      'Content-Length': String(file.size),
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(file.path).on('error', () => response.destroy()).pipe(response);
  }

  /** The real file for a root-relative path, index.html for app routes, or the status to answer. */
  async #find(relativePath: string): Promise<{ path: string; size: number } | 403 | 404> {
    const candidate = resolve(this.root, relativePath);
    if (!this.#contains(candidate)) return 403;
    let real: string;
    try {
      real = await realpath(candidate);
    } catch (error) {
      if (!isMissing(error)) throw error;
      // No extension: a route of the single-page app, not a missing asset.
      return extname(relativePath) === '' ? this.#find(INDEX_FILE) : 404;
    }
    if (!this.#contains(real)) return 403;
    const stats = await stat(real);
    if (stats.isFile()) return { path: real, size: stats.size };
    return relativePath === INDEX_FILE ? 404 : this.#find(INDEX_FILE);
  }

  #contains(path: string): boolean {
    const inside = relative(this.root, path);
    return inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
  }
}
