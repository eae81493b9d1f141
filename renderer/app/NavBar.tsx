/** Navigation between the screens, with counts. */
import type { ReactNode } from 'react';
import type { Screen } from '../store/app-store';
import { useAppStore } from '../store/store-context';
import { selectScreen, selectShowScreen } from '../store/selectors';
import { useNavCounts } from './use-nav-counts';

/** The main navigation. */
export function NavBar() {
  const screen = useAppStore(selectScreen);
  const showScreen = useAppStore(selectShowScreen);
  const counts = useNavCounts();
  return (
    <nav aria-label="Main" className="nav">
      <ul className="nav__list">
        <NavItem target="inbox" isCurrent={screen === 'inbox' || screen === 'task'} onSelect={showScreen}>
          Inbox
          {counts.tasks !== undefined && (
            <span className="nav__count" data-testid="nav-inbox-count">
              {counts.tasks}
              <span className="visually-hidden">{counts.tasks === 1 ? ' task' : ' tasks'}</span>
            </span>
          )}
        </NavItem>
        <NavItem target="inputs" testId="nav-needs-input" isCurrent={screen === 'inputs'} onSelect={showScreen}>
          Needs input
          {counts.pendingInputs > 0 && (
            <span className="badge badge--input-required" data-testid="nav-input-count">
              {counts.pendingInputs}
              <span className="visually-hidden">{counts.pendingInputs === 1 ? ' question waits' : ' questions wait'}</span>
            </span>
          )}
        </NavItem>
        <NavItem target="launcher" isCurrent={screen === 'launcher'} onSelect={showScreen}>
          Run a tool
        </NavItem>
        <NavItem target="servers" isCurrent={screen === 'servers'} onSelect={showScreen}>
          Servers
          {counts.servers !== undefined && (
            <span className="nav__count" data-testid="nav-servers-count">
              {counts.servers}
              <span className="visually-hidden"> configured</span>
            </span>
          )}
        </NavItem>
      </ul>
    </nav>
  );
}

function NavItem({ target, testId, isCurrent, onSelect, children }: { target: Screen; testId?: string; isCurrent: boolean; onSelect: (screen: Screen) => void; children: ReactNode }) {
  return (
    <li>
      <button type="button" className="nav__item" aria-current={isCurrent ? 'page' : undefined} onClick={() => onSelect(target)} data-testid={testId ?? `nav-${target}`}>
        {children}
      </button>
    </li>
  );
}
