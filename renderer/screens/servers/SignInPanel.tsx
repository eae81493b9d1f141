/**
 * Signing in to an HTTP server that asks for it: why it is needed, Sign in / Sign in again /
 * Sign out, the page to finish on while signing in, and errors in plain words. No token ever
 * reaches the page: only the state the host reports.
 *
 * Desktop: Sign in asks the host, which opens the authorization page in the system browser.
 * Browser mode: Sign in is a link the page opens in a new tab (a click on a link is never a
 * blocked popup); the host's start route binds the sign-in to this browser and goes on to the
 * authorization page, and the authorization server sends the tab back to the app.
 */
import type { ServerView } from '../../../shared/ipc/contract';
import { SIGN_IN_START_PATH } from '../../../shared/ipc/socket-paths';
import { CopyButton } from '../../components/CopyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { VisibleText } from '../../components/VisibleText';
import { useNow } from '../../hooks/use-now';
import { describeSignIn, describeSignInKeeping } from '../../lib/sign-in-words';
import { useSignIn, useSignOut } from '../../queries/mutations';
import { errorMessage } from '../../queries/unwrap';
import { useAppInfo } from '../../live/live-context';

/** The address that starts a sign-in in browser mode (same origin: the token cookie goes with it). */
export function browserSignInHref(serverId: string): string {
  return `${SIGN_IN_START_PATH}?server=${encodeURIComponent(serverId)}`;
}

/** The sign-in part of an HTTP server's Settings tab; nothing for a server that asked for no sign-in. */
export function SignInPanel({ server }: { server: ServerView }) {
  const now = useNow();
  const info = useAppInfo();
  const signIn = useSignIn();
  const signOut = useSignOut();
  const state = server.state?.signIn;
  if (state === undefined || server.disabled) return null;
  const words = describeSignIn(state, now);
  const keeping = describeSignInKeeping(info.data?.secretProtection);
  const isBrowser = info.data?.mode === 'browser';
  const start = words.start === undefined ? null : isBrowser ? (
    <a className="button button--primary" href={browserSignInHref(server.id)} target="_blank" rel="noopener noreferrer" data-testid="server-sign-in">
      {words.start}
    </a>
  ) : (
    <button type="button" className="button button--primary" onClick={() => signIn.mutate(server.id)} disabled={signIn.isPending} data-testid="server-sign-in">
      {signIn.isPending ? 'Opening the sign-in page…' : words.start}
    </button>
  );

  return (
    <section className={`sign-in notice ${words.isAttention ? 'notice--attention' : 'notice--info'}`} aria-label="Sign-in" data-testid="server-sign-in-panel" data-sign-in={state.status} data-reason={state.reason}>
      <strong data-testid="server-sign-in-headline">
        <VisibleText text={words.headline} />
      </strong>
      <p className="notice__text" data-testid="server-sign-in-detail">
        <VisibleText text={words.detail} multiline />
      </p>
      {state.status === 'signing-in' && state.authorizationUrl !== undefined && (
        <div className="sign-in__page">
          {isBrowser ? (
            <a href={browserSignInHref(server.id)} target="_blank" rel="noopener noreferrer" data-testid="server-sign-in-link">
              Open the sign-in page again
            </a>
          ) : (
            <>
              <span className="muted">If no page opened, open this address in your browser:</span>{' '}
              <code className="sign-in__url" data-testid="server-sign-in-url">
                <VisibleText text={state.authorizationUrl} />
              </code>{' '}
              <CopyButton value={state.authorizationUrl} what="sign-in address" testId="server-sign-in-copy" />
            </>
          )}
        </div>
      )}
      {keeping !== undefined && state.status !== 'needed' && <p className="muted" data-testid="server-sign-in-keeping">{keeping}</p>}
      <div className="sign-in__actions">
        {start}
        {state.status === 'signing-in' && !isBrowser && (
          <button type="button" className="button" onClick={() => signIn.mutate(server.id)} disabled={signIn.isPending} data-testid="server-sign-in-reopen">
            Open the sign-in page again
          </button>
        )}
        {words.canSignOut && (
          <button type="button" className="button" onClick={() => signOut.mutate(server.id)} disabled={signOut.isPending} data-testid="server-sign-out">
            Sign out
          </button>
        )}
      </div>
      {signIn.isError && <ErrorNotice title="Could not start signing in" message={errorMessage(signIn.error)} testId="server-sign-in-error" />}
      {signOut.isError && <ErrorNotice title="Could not sign out" message={errorMessage(signOut.error)} testId="server-sign-out-error" />}
    </section>
  );
}
