/** A sign-in under way: its `state`, its redirect (and loopback receiver), and whether it is over. */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../ports.js';
import { startLoopbackReceiver, type LoopbackReceiver } from './loopback-receiver.js';
import type { SignInAttempt } from './oauth-provider.js';
import type { SignInOptions } from './server-sign-in.js';

/** A sign-in under way. */
export interface Attempt extends SignInAttempt {
  receiver?: LoopbackReceiver;
  /** It asks for more access than the sign-in held (403 `insufficient_scope`). */
  stepUp: boolean;
  /** Set once it ended (answered, failed, replaced): later answers for it are refused. */
  over: boolean;
}

/**
 * A new sign-in attempt for `scope` with a fresh random `state`: for a loopback redirect its
 * receiver is listening already; `open` shows the authorization page once it is known.
 */
export async function newAttempt(
  scope: string | undefined,
  stepUp: boolean,
  open: (url: URL) => Promise<void>,
  redirect: NonNullable<SignInOptions['redirect']>,
  clock: Clock,
): Promise<Attempt> {
  const state = randomBytes(32).toString('base64url');
  const receiver = redirect.kind === 'loopback' ? await startLoopbackReceiver(state, clock) : undefined;
  return {
    redirectUrl: receiver?.redirectUrl ?? (redirect.kind === 'app' ? redirect.callbackUrl : ''),
    state,
    applicationType: receiver !== undefined ? 'native' : 'web',
    open,
    over: false,
    stepUp,
    ...(receiver !== undefined ? { receiver } : {}),
    ...(scope !== undefined ? { scope } : {}),
  };
}
