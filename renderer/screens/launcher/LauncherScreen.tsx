/** Run a tool: pick a server and a tool, fill in its arguments, run it; the call's entry opens at once. */
import { ErrorNotice } from '../../components/ErrorNotice';
import { ScreenHeading } from '../../components/ScreenHeading';
import { VisibleText } from '../../components/VisibleText';
import { argumentDraftKey } from '../../store/app-store';
import { useAppStore } from '../../store/store-context';
import { selectShowScreen } from '../../store/selectors';
import { errorMessage } from '../../queries/unwrap';
import { ToolForm } from './ToolForm';
import { ToolPicker } from './ToolPicker';
import { useLauncher } from './use-launcher';
import './launcher.css';

/** How each declared `taskSupport` reads. */
const TASK_SUPPORT_NOTES: ReadonlyMap<string, string> = new Map([
  ['required', 'This tool always runs as a task.'],
  ['optional', 'This tool may run as a task.'],
  ['forbidden', 'This tool answers directly, never as a task.'],
]);

/** The tool launcher screen. */
export function LauncherScreen() {
  const launcher = useLauncher();
  const showScreen = useAppStore(selectShowScreen);
  const { tool } = launcher;
  return (
    <section className="screen launcher" data-testid="launcher-screen" aria-labelledby="launcher-title">
      <ScreenHeading id="launcher-title">Run a tool</ScreenHeading>
      {launcher.servers.isError && (
        <ErrorNotice title="Could not list the servers" message={errorMessage(launcher.servers.error)} onRetry={() => void launcher.servers.refetch()} />
      )}
      {launcher.servers.data !== undefined && launcher.servers.data.length === 0 ? (
        <div className="notice notice--info" data-testid="launcher-no-servers">
          <p>No server is configured yet.</p>
          <button type="button" className="button" onClick={() => showScreen('servers')}>
            Add a server
          </button>
        </div>
      ) : (
        <ToolPicker launcher={launcher} />
      )}
      {tool !== undefined ? (
        <div className="launcher__tool" data-testid="launcher-tool-details">
          <div className="launcher__about" role="region" aria-label="About the tool" tabIndex={0}>
            {tool.description !== undefined && (
              <p className="launcher__description">
                <VisibleText text={tool.description} multiline />
              </p>
            )}
            {tool.taskSupport !== undefined && TASK_SUPPORT_NOTES.has(tool.taskSupport) && <p className="muted">{TASK_SUPPORT_NOTES.get(tool.taskSupport)}</p>}
          </div>
          <ToolForm
            key={argumentDraftKey(launcher.serverId, tool.name)}
            serverId={launcher.serverId}
            tool={tool}
            isRunning={launcher.isStarting}
            onRun={launcher.run}
          />
        </div>
      ) : (
        // The same space, empty, so that choosing a tool does not push anything around.
        <div className="launcher__tool" aria-hidden="true">
          <div className="launcher__about" />
          <div className="tool-form tool-form--placeholder" />
        </div>
      )}
      {launcher.call.isError && <ErrorNotice title="The call failed" message={errorMessage(launcher.call.error)} testId="launcher-call-error" />}
    </section>
  );
}
