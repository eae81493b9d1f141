/**
 * UI state only (docs/architecture.md#renderer-state): which screen, which task, the inbox filters,
 * unsaved drafts. Nothing from the engine lives here (that is the live store and the query cache), and nothing
 * durable. One store built from typed slices; components read it through the selectors below.
 */
import { createStore, type StateCreator } from 'zustand/vanilla';
import type { FieldValues } from '../lib/schema-form';
import type { ServerDraft } from '../lib/server-draft';
import type { StatusFilter, TaskFilter } from '../lib/task-list';

/** The screens of the app; `task` is one task's detail, `inputs` the needs-input queue. */
export type Screen = 'inbox' | 'task' | 'launcher' | 'servers' | 'inputs';

export interface NavigationSlice {
  screen: Screen;
  /** The task the detail screen shows. */
  selectedTaskId: string | null;
  /** The server the Servers screen's detail pane shows, or null for none. */
  selectedServerId: string | null;
  showScreen: (screen: Screen) => void;
  openTask: (id: string) => void;
  /** Shows the Servers screen with one server's detail (null: the list alone). */
  openServer: (id: string | null) => void;
}

export interface InboxFilterSlice {
  filter: TaskFilter;
  setStatusFilter: (status: StatusFilter) => void;
  setServerFilter: (serverId: string) => void;
  setSearchText: (search: string) => void;
  clearFilters: () => void;
}

/**
 * What the user typed for one tool, kept while they look elsewhere; `arguments` is an earlier
 * call's arguments ("Run again…"), turned into field values or JSON text once the tool's schema
 * is known.
 */
export type ArgumentDraft = { kind: 'fields'; values: FieldValues } | { kind: 'json'; text: string } | { kind: 'arguments'; values: Record<string, unknown> };

export interface LauncherSlice {
  launcherServerId: string;
  launcherToolName: string;
  /** By `argumentDraftKey(serverId, toolName)`. */
  argumentDrafts: Record<string, ArgumentDraft>;
  chooseServer: (serverId: string) => void;
  chooseTool: (toolName: string) => void;
  saveArgumentDraft: (key: string, draft: ArgumentDraft) => void;
  /** Shows the launcher with this server and tool chosen and `args` in its form, not yet sent. */
  prefillLauncher: (serverId: string, toolName: string, args: Record<string, unknown>) => void;
}

export interface ServerEditorSlice {
  /** The add/edit form's content, or null when the form is closed. */
  serverDraft: ServerDraft | null;
  openServerEditor: (draft: ServerDraft) => void;
  updateServerDraft: (patch: Partial<ServerDraft>) => void;
  closeServerEditor: () => void;
}

export type AppState = NavigationSlice & InboxFilterSlice & LauncherSlice & ServerEditorSlice;
type Slice<T> = StateCreator<AppState, [], [], T>;

/** The draft key of one tool on one server. */
export function argumentDraftKey(serverId: string, toolName: string): string {
  return JSON.stringify([serverId, toolName]);
}

const NO_FILTER: TaskFilter = { status: 'all', serverId: '', search: '' };

const navigationSlice: Slice<NavigationSlice> = (set) => ({
  screen: 'inbox',
  selectedTaskId: null,
  selectedServerId: null,
  showScreen: (screen) => set({ screen }),
  openTask: (id) => set({ screen: 'task', selectedTaskId: id }),
  openServer: (id) => set({ screen: 'servers', selectedServerId: id }),
});

const inboxFilterSlice: Slice<InboxFilterSlice> = (set) => ({
  filter: NO_FILTER,
  setStatusFilter: (status) => set((state) => ({ filter: { ...state.filter, status } })),
  setServerFilter: (serverId) => set((state) => ({ filter: { ...state.filter, serverId } })),
  setSearchText: (search) => set((state) => ({ filter: { ...state.filter, search } })),
  clearFilters: () => set({ filter: NO_FILTER }),
});

const launcherSlice: Slice<LauncherSlice> = (set) => ({
  launcherServerId: '',
  launcherToolName: '',
  argumentDrafts: {},
  chooseServer: (serverId) => set({ launcherServerId: serverId, launcherToolName: '' }),
  chooseTool: (toolName) => set({ launcherToolName: toolName }),
  saveArgumentDraft: (key, draft) => set((state) => ({ argumentDrafts: { ...state.argumentDrafts, [key]: draft } })),
  prefillLauncher: (serverId, toolName, args) =>
    set((state) => ({
      screen: 'launcher',
      launcherServerId: serverId,
      launcherToolName: toolName,
      argumentDrafts: { ...state.argumentDrafts, [argumentDraftKey(serverId, toolName)]: { kind: 'arguments', values: args } },
    })),
});

const serverEditorSlice: Slice<ServerEditorSlice> = (set) => ({
  serverDraft: null,
  openServerEditor: (draft) => set({ serverDraft: draft }),
  updateServerDraft: (patch) => set((state) => (state.serverDraft === null ? {} : { serverDraft: { ...state.serverDraft, ...patch } })),
  closeServerEditor: () => set({ serverDraft: null }),
});

/** A fresh store (one per app; tests make their own). */
export function createAppStore(initial: Partial<AppState> = {}) {
  return createStore<AppState>()((...args) => ({
    ...navigationSlice(...args),
    ...inboxFilterSlice(...args),
    ...launcherSlice(...args),
    ...serverEditorSlice(...args),
    ...initial,
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
