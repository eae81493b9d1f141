/**
 * How a refusal for want of sign-in travels from the transport's auth hook to the connection,
 * and how any sign-in failure is put in words for the user.
 */
import { InsecureTokenEndpointError, InsufficientScopeError, IssuerMismatchError, OAuthError, SdkErrorCode, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import { cleanLine } from '../connections/untrusted-line.js';
import { createRedactor } from '../observe/redaction.js';

/** Why the user must sign in: never signed in (or signed out), or what was held is no longer taken. */
export type SignInReason = 'first-time' | 'expired';

/**
 * The server refused a request for want of sign-in and nothing held can fix that without the
 * user: thrown by the transport's auth hook (the transport passes it on as it is).
 */
export class SignInNeededError extends Error {
  constructor(readonly reason: SignInReason, message: string) {
    super(message);
    this.name = 'SignInNeededError';
  }
}

/** A sign-in step this app refused (the authorization server's answer was unsafe or unusable); the message says why in plain words. */
export class SignInRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInRefusedError';
  }
}

/** What a refused request says about signing in. */
export type AuthProblem =
  | { kind: 'sign-in'; reason: SignInReason }
  /** HTTP 403 `insufficient_scope`: `scope` is what the server's challenge asks for (untrusted). */
  | { kind: 'more-access'; scope?: string };

/** The sign-in problem behind `error` (or its causes), if it is one. */
export function authProblemOf(error: unknown): AuthProblem | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    if (current instanceof SignInNeededError) return { kind: 'sign-in', reason: current.reason };
    if (current instanceof InsufficientScopeError) return { kind: 'more-access', ...(current.requiredScope !== undefined ? { scope: current.requiredScope } : {}) };
    // A token fresh from a refresh that the server still refuses: what is held is not taken.
    if (current instanceof SdkHttpError && current.code === SdkErrorCode.ClientHttpAuthentication) return { kind: 'sign-in', reason: 'expired' };
    if (current instanceof UnauthorizedError) return { kind: 'sign-in', reason: 'first-time' };
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

/** The sentence for a request the server refused for want of sign-in or access. */
export function describeAuthProblem(problem: AuthProblem, serverName: string): string {
  if (problem.kind === 'more-access') return `${serverName} needs more access for this request${problem.scope !== undefined ? ` (scope ${cleanLine(problem.scope, 200)})` : ''}: sign in again to grant it.`;
  return problem.reason === 'expired' ? `${serverName} no longer takes the sign-in: sign in again.` : `${serverName} needs sign-in.`;
}

/**
 * Why a sign-in step failed, in the app's words with the authorization server's (cleaned,
 * capped), and with every secret in `secrets` (tokens, codes, verifier) replaced.
 */
export function describeSignInError(error: unknown, secrets: readonly string[] = []): string {
  const redact = createRedactor(secrets);
  const text = (raw: string): string => cleanLine(redact.text(raw), 300);
  if (error instanceof SignInRefusedError || error instanceof SignInNeededError) return text(error.message);
  if (error instanceof IssuerMismatchError) {
    return error.kind === 'metadata'
      ? text(`The authorization server's metadata names another issuer (${error.received ?? 'none'}, expected ${error.expected ?? 'none'}); not signing in.`)
      : text(`The sign-in answer names another issuer (${error.received ?? 'none'}, expected ${error.expected ?? 'none'}); it was not used.`);
  }
  if (error instanceof InsecureTokenEndpointError) return text(`The authorization server's token endpoint (${error.tokenEndpoint}) is not https; not signing in.`);
  if (error instanceof OAuthError) return text(`The authorization server refused: ${error.code}${error.message !== '' && error.message !== error.code ? ` (${error.message})` : ''}.`);
  const issues = malformedFields(error);
  if (issues !== undefined) return text(`An answer from the authorization server is malformed (${issues}); not signing in.`);
  const message = error instanceof Error ? error.message : String(error);
  if (/^Protected resource .* does not match/.test(message)) return text(`The server's resource metadata names another resource, not this server: ${message}.`);
  if (error instanceof TypeError) return text(message);
  return text(`Sign-in failed: ${message}`);
}

/** A schema failure's fields and reasons (`authorization_endpoint: URL cannot use javascript:…`), when `error` is one. */
function malformedFields(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== 'ZodError' || !('issues' in error) || !Array.isArray(error.issues)) return undefined;
  return (error.issues as { path?: unknown[]; message?: unknown }[])
    .slice(0, 3)
    .map((issue) => `${(issue.path ?? []).map(String).join('.')}: ${String(issue.message)}`)
    .join('; ');
}
