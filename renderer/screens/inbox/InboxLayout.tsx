/**
 * The inbox as two panes, list left and the open task right, with a splitter between them. On a
 * narrow window there is no room for both: the open task is a page of its own instead.
 */
import { useEffect, useRef } from 'react';
import { LazyTaskDetailScreen } from '../../app/lazy-screens';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useAppStore } from '../../store/store-context';
import { selectScreen, selectSelectedTaskId } from '../../store/selectors';
import { focusTaskRowSoon } from './focus-row';
import { InboxScreen } from './InboxScreen';
import { Splitter } from './Splitter';
import { useListWidth } from './use-list-width';

/** The window width from which list and detail are shown side by side. */
const TWO_PANE_QUERY = '(min-width: 960px)';

const LIST_PANE_ID = 'inbox-list-pane';

/** The inbox, with the open task (the store's `task` screen) beside or instead of the list. */
export function InboxLayout() {
  const screen = useAppStore(selectScreen);
  const selectedTaskId = useAppStore(selectSelectedTaskId);
  const openTaskId = screen === 'task' ? selectedTaskId : null;
  const isTwoPane = useMediaQuery(TWO_PANE_QUERY);
  const [listWidth, setListWidth] = useListWidth();
  useFocusRowOnClose(openTaskId);

  if (!isTwoPane) {
    // Keyed by id: opening another task (Run again) starts with fresh local state.
    return openTaskId === null ? <InboxScreen /> : <LazyTaskDetailScreen key={openTaskId} localId={openTaskId} />;
  }
  return (
    <div className="inbox-layout" data-testid="inbox-layout" style={{ gridTemplateColumns: `${listWidth}% auto minmax(0, 1fr)` }}>
      <div id={LIST_PANE_ID} className="inbox-layout__pane inbox-layout__pane--list">
        <InboxScreen />
      </div>
      <Splitter value={listWidth} onChange={setListWidth} controls={LIST_PANE_ID} />
      <div className="inbox-layout__pane inbox-layout__pane--detail" data-testid="inbox-detail-pane">
        {openTaskId === null ? <NoTaskOpen /> : <LazyTaskDetailScreen key={openTaskId} localId={openTaskId} isEmbedded />}
      </div>
    </div>
  );
}

function NoTaskOpen() {
  return (
    <div className="inbox-layout__placeholder" data-testid="inbox-no-selection">
      <div>
        <p>Select a task to see it here.</p>
        <p>
          Press <kbd>?</kbd> for the keyboard shortcuts.
        </p>
      </div>
    </div>
  );
}

/** When the open task closes (Back, Esc, Remove, Inbox in the navigation), focus its row. */
function useFocusRowOnClose(openTaskId: string | null): void {
  const previous = useRef(openTaskId);
  useEffect(() => {
    const closed = previous.current;
    previous.current = openTaskId;
    return closed !== null && openTaskId === null ? focusTaskRowSoon(closed) : undefined;
  }, [openTaskId]);
}
