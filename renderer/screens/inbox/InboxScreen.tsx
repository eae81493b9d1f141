/** The inbox: every tracked task across servers, filtered, searched, grouped (Needs you / Running / Finished), newest first within each group. */
import { useEffect } from 'react';
import { preloadScreens } from '../../app/lazy-screens';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ScreenHeading } from '../../components/ScreenHeading';
import { errorMessage } from '../../queries/unwrap';
import { useAppStore } from '../../store/store-context';
import { selectClearFilters, selectOpenTask, selectScreen, selectSelectedTaskId, selectShowScreen } from '../../store/selectors';
import { EmptyInbox } from './EmptyInbox';
import { INBOX_TITLE_ID } from './focus-row';
import { InboxToolbar } from './InboxToolbar';
import { TaskList } from './TaskList';
import { useInbox } from './use-inbox';
import './inbox.css';

/** The inbox screen. */
export function InboxScreen() {
  const { list, tasks, visible, waitingTaskIds, serverNames, serverOptions, filter } = useInbox();
  const openTask = useAppStore(selectOpenTask);
  const showScreen = useAppStore(selectShowScreen);
  const clearFilters = useAppStore(selectClearFilters);
  const openTaskId = useAppStore((state) => (selectScreen(state) === 'task' ? selectSelectedTaskId(state) : null));
  const hasList = tasks !== undefined;
  useEffect(() => {
    if (!hasList) return;
    // Once the list is painted (a task posted from the next frame runs after its paint), the
    // other screens load, so a click on them does not wait, and their code is not fetched
    // before the list's first paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void preloadScreens().catch(() => undefined), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [hasList]);

  return (
    <section className="screen screen--inbox" data-testid="inbox-screen" aria-labelledby={INBOX_TITLE_ID}>
      <ScreenHeading id={INBOX_TITLE_ID}>Inbox</ScreenHeading>
      {list.isPending && <p role="status">Loading tasks…</p>}
      {list.isError && <ErrorNotice title="Could not load the tasks" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />}
      {tasks !== undefined && tasks.length === 0 && <EmptyInbox onRunTool={() => showScreen('launcher')} onOpenServers={() => showScreen('servers')} />}
      {tasks !== undefined && tasks.length > 0 && (
        <>
          <InboxToolbar filter={filter} serverOptions={serverOptions} shown={visible.length} total={tasks.length} />
          {visible.length > 0 ? (
            <TaskList tasks={visible} waitingTaskIds={waitingTaskIds} serverNames={serverNames} onOpen={openTask} selectedTaskId={openTaskId} />
          ) : (
            <div className="inbox__no-matches" data-testid="inbox-no-matches">
              <p>No task matches these filters.</p>
              <button type="button" className="button" onClick={clearFilters}>
                Clear filters
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
