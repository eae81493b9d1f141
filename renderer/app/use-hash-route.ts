/**
 * Keeps the address and the store's navigation in step: a change of screen, task or server
 * pushes a history entry; Back/Forward, an edited address or a clicked link moves the store.
 * On load the address wins, so a reload shows the same task.
 */
import { useLayoutEffect } from 'react';
import type { AppState, AppStore } from '../store/app-store';
import { useAppStoreApi } from '../store/store-context';
import { formatRoute, INBOX_ROUTE, parseRoute, type Route } from './routes';

/** The route the store's navigation shows. */
export function routeOfState(state: Pick<AppState, 'screen' | 'selectedTaskId' | 'selectedServerId'>): Route {
  switch (state.screen) {
    case 'task':
      return state.selectedTaskId === null ? INBOX_ROUTE : { screen: 'task', localId: state.selectedTaskId };
    case 'servers':
      return { screen: 'servers', serverId: state.selectedServerId };
    default:
      return { screen: state.screen };
  }
}

/** Moves the store to `route` through its own actions. */
function applyRoute(state: Pick<AppState, 'showScreen' | 'openTask' | 'openServer'>, route: Route): void {
  switch (route.screen) {
    case 'task':
      state.openTask(route.localId);
      return;
    case 'servers':
      state.openServer(route.serverId);
      return;
    default:
      state.showScreen(route.screen);
  }
}

/** Syncs `store` with `window.location.hash` while mounted; mount it once, near the root. */
export function syncHashRoute(store: AppStore, win: Window = window): () => void {
  const hashOfStore = () => formatRoute(routeOfState(store.getState()));
  const followAddress = () => {
    const route = parseRoute(win.location.hash) ?? INBOX_ROUTE;
    // An unreadable address is replaced before the store moves, so the move pushes no entry
    // of its own and Back never returns to the unreadable one.
    const hash = formatRoute(route);
    if (win.location.hash !== hash) win.history.replaceState(win.history.state, '', hash);
    applyRoute(store.getState(), route);
  };

  const initial = parseRoute(win.location.hash);
  if (initial !== undefined) applyRoute(store.getState(), initial);
  win.history.replaceState(win.history.state, '', hashOfStore());

  const unsubscribe = store.subscribe(() => {
    const hash = hashOfStore();
    if (hash !== win.location.hash) win.history.pushState(null, '', hash);
  });
  // Back/Forward fire `popstate`; a typed address or a clicked link fires `hashchange` (and, in
  // most browsers, `popstate` too); following one that is already followed changes nothing.
  win.addEventListener('popstate', followAddress);
  win.addEventListener('hashchange', followAddress);
  return () => {
    unsubscribe();
    win.removeEventListener('popstate', followAddress);
    win.removeEventListener('hashchange', followAddress);
  };
}

/** Runs `syncHashRoute` for the app's store, before the first paint (no flash of the inbox on a reload). */
export function useHashRoute(): void {
  const store = useAppStoreApi();
  useLayoutEffect(() => syncHashRoute(store), [store]);
}

/**
 * Shows `route` by changing the address, as a followed link would (deep links from
 * notifications); the sync then moves the store, so both paths are one.
 */
export function goToRoute(route: Route, win: Window = window): void {
  win.location.hash = formatRoute(route);
}
