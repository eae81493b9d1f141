/**
 * A tab strip and its one panel (WAI-ARIA tabs, automatic activation): the tabs are one Tab stop,
 * Left/Right move between them (wrapping), Home/End go to the ends; only the chosen panel is
 * mounted, so what a closed tab would read (tools, logs) is not asked for.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One tab: `key` names it in test ids and to the caller, `render` makes its panel's content. */
export interface ServerTab<Key extends string> {
  key: Key;
  label: string;
  render: () => ReactNode;
}

export interface ServerTabsProps<Key extends string> {
  /** What the tab list is called to a screen reader (e.g. the server's name). */
  label: string;
  tabs: readonly ServerTab<Key>[];
  /** The chosen tab; a key not in `tabs` shows the first. */
  selected: Key;
  onSelect: (key: Key) => void;
}

/** Where a key press moves from `index` among `count` tabs, or undefined for a key tabs ignore. */
function targetIndex(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** The tabs of a server's detail pane. */
export function ServerTabs<Key extends string>({ label, tabs, selected, onSelect }: ServerTabsProps<Key>) {
  const id = useId();
  const tabRefs = useRef(new Map<Key, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.key === selected) ?? tabs[0];
  if (current === undefined) return null;
  const tabId = (key: Key) => `${id}-tab-${key}`;
  const panelId = (key: Key) => `${id}-panel-${key}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === current.key);
    const next = targetIndex(event.key, index, tabs.length);
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[next]!;
    onSelect(target.key);
    tabRefs.current.get(target.key)?.focus();
  };

  return (
    <div className="server-tabs">
      <div role="tablist" aria-label={label} className="server-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.key === current.key;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element === null) tabRefs.current.delete(tab.key);
                else tabRefs.current.set(tab.key, element);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.key)}
              tabIndex={isSelected ? 0 : -1}
              className="server-tabs__tab"
              onClick={() => onSelect(tab.key)}
              data-testid={`server-tab-${tab.key}`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(current.key)} aria-labelledby={tabId(current.key)} tabIndex={0} className="server-tabs__panel" data-testid={`server-tabpanel-${current.key}`}>
        {current.render()}
      </div>
    </div>
  );
}
