/** The inbox: every tracked task across servers, filtered, searched, grouped (Needs you / Running / Finished), newest first within each group. */
import { useEffect } from 'react';
import { preloadScreensWhenIdle } from '../../app/lazy-screens';
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
  const { list, groups, total, shown, serverNames, serverOptions, filter } = useInbox();
  const openTask = useAppStore(selectOpenTask);
  const showScreen = useAppStore(selectShowScreen);
  const clearFilters = useAppStore(selectClearFilters);
  const openTaskId = useAppStore((state) => (selectScreen(state) === 'task' ? selectSelectedTaskId(state) : null));
  const hasList = total !== undefined;
  useEffect(() => {
    if (!hasList) return;
    // The other screens load once the list is painted and the page is idle, so a click on them
    // does not wait, and neither their fetch nor the script tags they add delay the list's
    // first paint or the first input after it.
    return preloadScreensWhenIdle();
  }, [hasList]);

  return (
    <section className="screen screen--inbox" data-testid="inbox-screen" aria-labelledby={INBOX_TITLE_ID}>
      <ScreenHeading id={INBOX_TITLE_ID}>Inbox</ScreenHeading>
      {list.isPending && total === undefined && <p role="status">Loading tasks…</p>}
      {list.isError && <ErrorNotice title="Could not load the tasks" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />}
      {total === 0 && <EmptyInbox onRunTool={() => showScreen('launcher')} onOpenServers={() => showScreen('servers')} />}
      {total !== undefined && total > 0 && groups !== undefined && (
        <>
          <InboxToolbar filter={filter} serverOptions={serverOptions} shown={shown} total={total} />
          {shown > 0 ? (
            <TaskList groups={groups} serverNames={serverNames} onOpen={openTask} selectedTaskId={openTaskId} />
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
