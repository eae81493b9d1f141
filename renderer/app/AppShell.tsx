/** The frame around every screen: title, navigation, app-wide banners, the current screen. */
import { useCallback, useState } from 'react';
import { InboxLayout } from '../screens/inbox/InboxLayout';
import { NotificationsSync } from '../notifications/use-notifications';
import { NotificationsToggle } from '../notifications/NotificationsToggle';
import { useAppStore } from '../store/store-context';
import { selectScreen } from '../store/selectors';
import { AppBanners } from './AppBanners';
import { LazyInputsScreen, LazyKeyboardHelp, LazyLauncherScreen, LazyServersScreen } from './lazy-screens';
import { NavBar } from './NavBar';
import { ThemeSwitch } from './ThemeSwitch';
import { useAppKeys } from './use-app-keys';
import { useHashRoute } from './use-hash-route';
import './app.css';

/** Header, banners and the screen the store names (and the address names: they are kept in step). */
export function AppShell() {
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const openHelp = useCallback(() => setIsHelpOpen(true), []);
  useHashRoute();
  useAppKeys(openHelp);
  return (
    <div className="app">
      <header className="app__header">
        <span className="app__name">MCP Task Monitor</span>
        <NavBar />
        <NotificationsToggle />
        <ThemeSwitch />
      </header>
      <NotificationsSync />
      <AppBanners />
      <main className="app__main">
        <CurrentScreen />
      </main>
      {isHelpOpen && <LazyKeyboardHelp isOpen onClose={() => setIsHelpOpen(false)} />}
    </div>
  );
}

function CurrentScreen() {
  const screen = useAppStore(selectScreen);
  switch (screen) {
    case 'task':
    case 'inbox':
      return <InboxLayout />;
    case 'launcher':
      return <LazyLauncherScreen />;
    case 'servers':
      return <LazyServersScreen />;
    case 'inputs':
      return <LazyInputsScreen />;
  }
}
