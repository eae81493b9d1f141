/**
 * The page-wide shortcuts of the key map: Esc goes back, "/" searches the inbox, "c" asks to
 * cancel, "?" opens the help. (j/k belong to the task list, which handles them itself.)
 */
import { useEffect, useRef } from 'react';
import type { AppStore } from '../store/app-store';
import { useAppStoreApi } from '../store/store-context';
import { commandForKey, type KeyCommand } from './key-map';

/** How long "c" on a row waits for that task's detail to show its Cancel button. */
const CANCEL_WAIT_MS = 2_000;
const CANCEL_POLL_MS = 50;

/** Listens for the shortcuts while mounted; `onHelp` opens the keyboard help. */
export function useAppKeys(onHelp: () => void): void {
  const store = useAppStoreApi();
  const latestOnHelp = useRef(onHelp);
  useEffect(() => {
    latestOnHelp.current = onHelp;
  }, [onHelp]);

  useEffect(() => {
    // Steps that wait for the next render are dropped with the app (no work after unmount).
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later: Later = (step, ms) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        step();
      }, ms);
      timers.add(timer);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandForKey(event);
      // An open dialog owns the keyboard (the browser closes a modal one on Esc).
      if (command === undefined || event.defaultPrevented || document.querySelector('dialog[open]') !== null) return;
      if (run(command, store, latestOnHelp.current, later)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [store]);
}

/** Runs `step` after `ms`, unless the app is gone by then. */
type Later = (step: () => void, ms: number) => void;

/** Time for React to render a screen the store just changed to. */
const NEXT_RENDER_MS = 0;

/** Does `command`; false when it had nothing to act on (the key then keeps its usual effect). */
function run(command: KeyCommand, store: AppStore, onHelp: () => void, later: Later): boolean {
  switch (command) {
    case 'help':
      onHelp();
      return true;
    case 'back':
      return goBack(store);
    case 'search':
      return focusSearch(store, later);
    case 'cancel':
      return askToCancel(store, later);
    default:
      // j/k: the task list's own.
      return false;
  }
}

/** Closes the open task or server, or leaves a full-page screen for the inbox. */
function goBack(store: AppStore): boolean {
  const state = store.getState();
  if (state.screen === 'servers' && state.selectedServerId !== null) state.openServer(null);
  else if (state.screen !== 'inbox') state.showScreen('inbox');
  else return false;
  return true;
}

function searchField(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>('[data-testid="inbox-search"]');
}

/** Focuses the inbox search, showing the inbox first when another screen is up. */
function focusSearch(store: AppStore, later: Later): boolean {
  const field = searchField();
  if (field !== null) {
    field.focus();
    return true;
  }
  store.getState().showScreen('inbox');
  later(() => searchField()?.focus(), NEXT_RENDER_MS);
  return true;
}

function cancelButton(taskId: string): HTMLButtonElement | null {
  const detail = document.querySelector<HTMLElement>('[data-testid="task-detail"]');
  return detail?.dataset.taskId === taskId ? detail.querySelector<HTMLButtonElement>('[data-testid="task-cancel"]') : null;
}

/**
 * Presses Cancel (which asks before acting) for the task whose row has focus, opening it first,
 * else for the open task. Nothing happens for a task that cannot be cancelled (no Cancel button).
 */
function askToCancel(store: AppStore, later: Later): boolean {
  const state = store.getState();
  const focusedRowTask = document.activeElement?.closest<HTMLElement>('[data-testid="task-row"]')?.dataset.taskId;
  const openTask = state.screen === 'task' ? state.selectedTaskId : null;
  const taskId = focusedRowTask ?? openTask;
  if (taskId === undefined || taskId === null) return false;
  if (taskId !== openTask) state.openTask(taskId);
  const deadline = Date.now() + CANCEL_WAIT_MS;
  const press = () => {
    const button = cancelButton(taskId);
    if (button !== null) button.click();
    else if (Date.now() < deadline && store.getState().selectedTaskId === taskId) later(press, CANCEL_POLL_MS);
  };
  press();
  return true;
}
