/** The frame around every screen: title, navigation, app-wide banners, the current screen. */
import { InboxScreen } from '../screens/inbox/InboxScreen';
import { InputsScreen } from '../screens/inputs/InputsScreen';
import { LauncherScreen } from '../screens/launcher/LauncherScreen';
import { ServersScreen } from '../screens/servers/ServersScreen';
import { TaskDetailScreen } from '../screens/task-detail/TaskDetailScreen';
import { NotificationsSync } from '../notifications/use-notifications';
import { NotificationsToggle } from '../notifications/NotificationsToggle';
import { useAppStore } from '../store/store-context';
import { selectScreen, selectSelectedTaskId } from '../store/selectors';
import { AppBanners } from './AppBanners';
import { NavBar } from './NavBar';
import './app.css';

/** Header, banners and the screen the store names. */
export function AppShell() {
  return (
    <div className="app">
      <header className="app__header">
        <span className="app__name">MCP Task Monitor</span>
        <NavBar />
        <NotificationsToggle />
      </header>
      <NotificationsSync />
      <AppBanners />
      <main className="app__main">
        <CurrentScreen />
      </main>
    </div>
  );
}

function CurrentScreen() {
  const screen = useAppStore(selectScreen);
  const taskId = useAppStore(selectSelectedTaskId);
  switch (screen) {
    case 'task':
      // Keyed by id: opening another task (Run again) starts with fresh local state.
      return taskId === null ? <InboxScreen /> : <TaskDetailScreen key={taskId} taskId={taskId} />;
    case 'launcher':
      return <LauncherScreen />;
    case 'servers':
      return <ServersScreen />;
    case 'inputs':
      return <InputsScreen />;
    case 'inbox':
      return <InboxScreen />;
  }
}
