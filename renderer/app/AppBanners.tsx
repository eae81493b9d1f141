/**
 * App-wide notices: the link to the host (browser mode), changes that cannot be saved, problems
 * loading the stores, and secrets stored without OS encryption. Each stays until its cause is gone.
 */
import type { AppInfo } from '../../shared/ipc/contract';
import type { LinkState } from '../bridge/host-bridge';
import { useBridge, useLinkState } from '../bridge/bridge-context';
import { useNow } from '../hooks/use-now';
import { formatDuration } from '../lib/time-format';
import { errorMessage } from '../queries/unwrap';
import { useAppInfo } from '../live/live-context';

/** Every banner that applies right now. */
export function AppBanners() {
  const link = useLinkState();
  const info = useAppInfo();
  return (
    <div className="banners">
      {link.status !== 'connected' && <LinkBanner link={link} />}
      {info.isError && (
        <div className="banner banner--error" role="alert" data-testid="banner-app-info-error">
          Could not read the app's status: {errorMessage(info.error)}
        </div>
      )}
      {info.data?.saveProblem !== undefined && <SaveProblemBanner problem={info.data.saveProblem} />}
      {info.data !== undefined && info.data.storeProblems.length > 0 && <StoreProblemsBanner problems={info.data.storeProblems} />}
      {info.data?.secretProtection === 'basic_text' && <PlainSecretsBanner />}
    </div>
  );
}

function LinkBanner({ link }: { link: Exclude<LinkState, { status: 'connected' }> }) {
  if (link.status === 'connecting') {
    return (
      <div className="banner banner--info" role="status" data-testid="banner-connecting">
        Connecting to the host…
      </div>
    );
  }
  return <DisconnectedBanner retryAt={link.retryAt} reason={link.reason} />;
}

function DisconnectedBanner({ retryAt, reason }: { retryAt: number; reason: string }) {
  const { link } = useBridge();
  const now = useNow();
  return (
    <div className="banner banner--error" role="alert" data-testid="banner-disconnected">
      <span>
        Disconnected from the host. What you see may be out of date. {reason} Retrying in {formatDuration(Math.max(0, retryAt - now))}.
      </span>
      <button type="button" className="button button--small" onClick={() => link.retryNow()}>
        Retry now
      </button>
    </div>
  );
}

/** Stays while writes fail; the host clears it when a write succeeds again. */
function SaveProblemBanner({ problem }: { problem: NonNullable<AppInfo['saveProblem']> }) {
  return (
    <div className="banner banner--error" role="alert" data-testid="banner-save-problem">
      <strong>
        Changes cannot be saved: {problem.reason}, folder {problem.folder}
      </strong>{' '}
      The app keeps following your tasks and keeps trying to save. New calls are not sent until saving works again, so no task can be lost.
    </div>
  );
}

function StoreProblemsBanner({ problems }: { problems: readonly string[] }) {
  return (
    <div className="banner banner--warning" role="alert" data-testid="banner-store-problems">
      <strong>Some saved data could not be loaded.</strong>
      <ul>
        {problems.map((problem, index) => (
          <li key={index}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

function PlainSecretsBanner() {
  return (
    <div className="banner banner--warning" role="status" data-testid="banner-basic-text">
      <strong>Server secrets are not encrypted by a keyring.</strong> This Linux desktop has no system keyring (such as GNOME Keyring or
      KWallet) available to the app, so HTTP headers and tokens for your servers are saved with a fixed key that other programs
      running as you could read. Install or unlock a keyring and restart the app to protect them.
    </div>
  );
}
