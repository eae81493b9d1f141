/**
 * Signing in for one command of the terminal client: the engine's own sign-in (the loopback
 * redirect on 127.0.0.1, as on the desktop), with the "browser" the flags choose — the page's
 * address printed for the user, or a plain HTTP client that follows its redirects back
 * (headless-browser.ts). Credentials live in memory for the command only; a client registered
 * beforehand is seeded into that store before its server is added.
 */
import type { ServerConfig, ServerState } from '../../../shared/server-config.js';
import { McpRequestError, MemoryCredentialStore, preRegisteredClient, type Engine, type SignInOptions } from '../../engine/index.js';
import { CommandFailed } from './cli-errors.js';
import { MAX_SIGN_INS, type SignInFlags } from './command-line.js';
import { followAuthorizationRedirects } from './headless-browser.js';

/** How long a printed sign-in page waits for the person at the terminal. */
export const PRINTED_SIGN_IN_WAIT_MS = 10 * 60_000;

/** One command's sign-ins: their engine options, their store, and the bound on how many. */
export class CliSignIn {
  /** The command's credentials (tokens, registrations): memory only. */
  readonly store = new MemoryCredentialStore();
  private count = 0;
  /** The redirects being followed for the sign-in under way (`follow`). */
  private following: Promise<void> | undefined;

  constructor(
    private readonly flags: SignInFlags,
    private readonly note: (text: string) => void,
  ) {}

  /** True when a person opens the page (the wait is theirs, not a machine's). */
  get isPrinted(): boolean {
    return this.flags.browser === 'print';
  }

  /** The engine's sign-in options for this command. */
  engineOptions(): SignInOptions {
    return {
      redirect: { kind: 'loopback' },
      openAuthorizationUrl: (url) => this.open(url),
      ...(this.flags.clientMetadataUrl !== undefined ? { clientMetadataUrl: this.flags.clientMetadataUrl } : {}),
    };
  }

  /** Seeds the client given with `--client-id` (and its secret) for `server`; call before the server is added. */
  async seed(server: ServerConfig): Promise<void> {
    if (server.transport !== 'http' || this.flags.clientId === undefined) return;
    await this.store.save(server.id, preRegisteredClient(this.flags.clientId, this.flags.clientSecret));
  }

  /**
   * Signs in to `server` as its state asks (first time, again, or for more access): resolves once
   * the engine has the authorization page (and, when following, once the redirect got back); the
   * outcome arrives in the server's state. Fails with CommandFailed past `MAX_SIGN_INS`, or when
   * the sign-in could not start or its redirects could not be followed.
   */
  async signIn(engine: Engine, server: ServerConfig, state: ServerState): Promise<void> {
    this.count += 1;
    if (this.count > MAX_SIGN_INS) {
      throw new CommandFailed(`${server.name} still refuses after ${MAX_SIGN_INS} sign-ins${state.signIn?.scope !== undefined ? ` (it asks for scope ${state.signIn.scope.slice(0, 200)})` : ''}; not signing in again.`);
    }
    const why = state.signIn?.reason === 'more-access' ? ' for more access' : state.signIn?.reason === 'expired' ? ' again' : '';
    this.note(`${server.name} needs sign-in${why}.`);
    this.following = undefined;
    try {
      await engine.signIn(server.id);
      await this.followed();
    } catch (error) {
      throw new CommandFailed(`Sign-in to ${server.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The redirects `open` set off during the sign-in just started, if it followed any. */
  private followed(): Promise<void> | undefined {
    return this.following;
  }

  private open(url: string): Promise<void> {
    if (this.flags.browser === 'print') {
      this.note(`Open this page in a browser on this machine to sign in (waiting up to ${PRINTED_SIGN_IN_WAIT_MS / 60_000} minutes):\n${url}`);
      return Promise.resolve();
    }
    // Not awaited here: the engine hands the page over from inside its sign-in; `signIn` waits.
    const following = followAuthorizationRedirects(url);
    following.catch(() => undefined);
    this.following = following;
    return Promise.resolve();
  }
}

/** True when `error` is a request the server refused for want of sign-in or access (retry after signing in). */
export function isSignInRefusal(error: unknown): boolean {
  return error instanceof McpRequestError && error.localFailure === 'sign-in-needed';
}
