/**
 * A server's sign-in in words, and which button goes with it. Pure. Issuer, scope and error are
 * the authorization server's (untrusted) text: show them as such.
 */
import type { AppInfo } from '../../shared/ipc/contract';
import type { SignInState } from '../../shared/server-config';
import { formatTimeOfDay } from './time-format';

/** The headline, the sentence under it, and the buttons. */
export interface SignInWords {
  headline: string;
  detail: string;
  /** The label of the button that starts a sign-in; absent when none is needed (or one is under way). */
  start?: 'Sign in' | 'Sign in again' | 'Try again';
  /** True while the app holds credentials the user may want it to forget. */
  canSignOut: boolean;
  /** True when the user must act before the server (or one of its requests) works. */
  isAttention: boolean;
}

/** Words for `signIn` (`now`: wall-clock ms, for the expiry time). */
export function describeSignIn(signIn: SignInState, now: number): SignInWords {
  const at = signIn.issuer !== undefined ? ` at ${signIn.issuer}` : '';
  switch (signIn.status) {
    case 'signing-in':
      return { headline: 'Signing in…', detail: `Finish signing in${at} on the page that opened; this card updates when you are done.`, canSignOut: false, isAttention: false };
    case 'signed-in':
      return {
        headline: `Signed in${at}`,
        detail: signIn.expiresAt === undefined
          ? 'The app renews the access by itself while the server allows it.'
          : `The current access lasts until ${formatTimeOfDay(signIn.expiresAt, now)}; the app renews it by itself while the server allows it.`,
        canSignOut: true,
        isAttention: false,
      };
    case 'needed':
      return describeNeeded(signIn, at);
  }
}

function describeNeeded(signIn: SignInState, at: string): SignInWords {
  switch (signIn.reason) {
    case 'more-access':
      return {
        headline: `More access needed: ${signIn.scope ?? 'more than was granted'}`,
        detail: 'A request needs access the sign-in did not grant. Sign in again to grant it; everything else keeps working.',
        start: 'Sign in again',
        canSignOut: true,
        isAttention: true,
      };
    case 'expired':
      return {
        headline: 'Sign-in needed',
        detail: `The server no longer accepts the saved sign-in (it expired or was revoked). Sign in again${at}: its tasks wait, and go on once you have.`,
        start: 'Sign in again',
        canSignOut: false,
        isAttention: true,
      };
    case 'failed':
      return {
        headline: 'Sign-in failed',
        detail: signIn.error ?? 'The sign-in did not complete.',
        start: 'Try again',
        canSignOut: false,
        isAttention: true,
      };
    case 'first-time':
    case undefined:
      return { headline: 'Sign-in needed', detail: `This server asks you to sign in${at}. Its tasks wait until you do.`, start: 'Sign in', canSignOut: false, isAttention: true };
  }
}

/** How long a sign-in is kept, where that is worth saying (undefined: protected by the system keychain). */
export function describeSignInKeeping(protection: AppInfo['secretProtection'] | undefined): string | undefined {
  switch (protection) {
    case 'unavailable':
      return 'Sign-in lasts for this session only: browser mode cannot protect it at rest.';
    case 'basic_text':
      return 'Sign-in is saved with basic protection only: this system has no keychain to encrypt it.';
    case 'os-keychain':
    case undefined:
      return undefined;
  }
}
