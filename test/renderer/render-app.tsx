/** Renders the whole app against a fake bridge, with a fresh store, live store and query cache per test. */
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { App } from '../../renderer/App';
import { preloadScreens } from '../../renderer/app/lazy-screens';
import { createLiveStore } from '../../renderer/live/live-store';
import { createQueryClient } from '../../renderer/queries/query-client';
import { createAppStore, type AppState } from '../../renderer/store/app-store';
import type { TaskSummary } from '../../shared/ipc/contract';
import { detailOf, makeServer } from './factories';
import { createFakeBridge, ok, type FakeBridge } from './fake-bridge';

// The app's lazy screens, loaded once, so rendered tests see them at once as after a preload.
await preloadScreens();

export interface RenderAppOptions {
  bridge?: FakeBridge;
  /** Initial UI state (e.g. `{ screen: 'servers' }`). */
  state?: Partial<AppState>;
  /** The address's hash at load (`#/tasks/a`), which wins over `state` as on a reload; none by default. */
  hash?: string;
}

/** The app, its bridge, its stores and its query client. */
export function renderApp(options: RenderAppOptions = {}) {
  const bridge = options.bridge ?? createFakeBridge();
  // The app follows the address (hash routes); jsdom keeps it between tests, so each sets it.
  window.history.replaceState(null, '', `${window.location.pathname}${options.hash ?? ''}`);
  const store = createAppStore(options.state);
  const liveStore = createLiveStore();
  const queryClient = createQueryClient();
  const result = render(<App bridge={bridge} queryClient={queryClient} liveStore={liveStore} store={store} />);
  return { ...result, bridge, store, liveStore, queryClient };
}

/**
 * jsdom lays nothing out: every element is 0 px tall and cannot scroll, so a windowed list would
 * render no row and `scrollTo` would do nothing. This gives the inbox's scroll container a
 * height, its content the canvas's height, and makes elements scrollable (`scrollTop` is kept, `scrollTo` moves it and fires
 * `scroll` on the next frame), which is all the list window reads. Returns the undo.
 */
export function layOutTaskList(height: number): () => void {
  const prototype = HTMLElement.prototype;
  const names = ['clientHeight', 'scrollHeight', 'scrollTop', 'scrollTo'] as const;
  const saved = names.map((name) => [name, Object.getOwnPropertyDescriptor(prototype, name)] as const);
  const offsets = new WeakMap<Element, number>();
  Object.defineProperty(prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'task-list' ? height : 0;
    },
  });
  // The list's content is as tall as its canvas says (browsers clamp scrolling to it).
  Object.defineProperty(prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      const content = this.firstElementChild;
      return content instanceof HTMLElement ? Number.parseFloat(content.style.height) || 0 : 0;
    },
  });
  Object.defineProperty(prototype, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement) {
      return offsets.get(this) ?? 0;
    },
    set(this: HTMLElement, value: number) {
      offsets.set(this, value);
    },
  });
  Object.defineProperty(prototype, 'scrollTo', {
    configurable: true,
    writable: true,
    value(this: HTMLElement, options: ScrollToOptions) {
      offsets.set(this, options.top ?? 0);
      // Browsers fire scroll events on the next frame, never inside the call.
      requestAnimationFrame(() => this.dispatchEvent(new Event('scroll')));
    },
  });
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor === undefined) Reflect.deleteProperty(prototype, name);
      else Object.defineProperty(prototype, name, descriptor);
    }
  };
}

/**
 * jsdom has no `matchMedia`; this gives it one that answers `(min-width: Npx)` queries for a
 * window `width` px wide (and nothing else). Returns the undo.
 */
export function stubWindowWidth(width: number): () => void {
  const saved = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const minWidth = /\(min-width:\s*(\d+)px\)/.exec(query)?.[1];
      return {
        matches: minWidth !== undefined && width >= Number(minWidth),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      };
    },
  });
  return () => {
    if (saved === undefined) Reflect.deleteProperty(window, 'matchMedia');
    else Object.defineProperty(window, 'matchMedia', saved);
  };
}

/**
 * A bridge holding `tasks` on one server: `tasks:list` lists them, `tasks:get` gives each one's
 * detail (and `null` for an id it does not hold, as the host does for a task it no longer tracks).
 */
export function bridgeWithTasks(tasks: readonly TaskSummary[]): FakeBridge {
  const fake = createFakeBridge({ 'tasks:list': () => ok([...tasks]), 'servers:list': () => ok([makeServer()]) });
  fake.handle('tasks:get', ({ localId }) => {
    const task = tasks.find((candidate) => candidate.localId === localId);
    return ok(task === undefined ? null : detailOf(task));
  });
  return fake;
}

/**
 * For the tests of one file: a desktop window (1280 px wide, the task list 640 px tall) around
 * each test, and the app unmounted and the layout undone after it.
 */
export function useDesktopWindow(): void {
  let undo: (() => void)[] = [];
  beforeEach(() => {
    undo = [layOutTaskList(640), stubWindowWidth(1280)];
  });
  afterEach(() => {
    cleanup();
    for (const restore of undo) restore();
  });
}
