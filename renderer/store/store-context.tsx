/** Provides the app store and reads it through selectors. */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createAppStore, type AppState, type AppStore } from './app-store';

const StoreContext = createContext<AppStore | null>(null);

/** Gives its children one store (`store` for tests that want to look inside, else a new one). */
export function StoreProvider({ store, children }: { store?: AppStore; children: ReactNode }) {
  const [value] = useState(() => store ?? createAppStore());
  return <StoreContext value={value}>{children}</StoreContext>;
}

/** Reads a slice of UI state; re-renders only when the selected value changes. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useAppStore needs a StoreProvider above it.');
  return useStore(store, selector);
}

/** The store itself, for code that follows every change outside rendering (the address sync). */
export function useAppStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useAppStoreApi needs a StoreProvider above it.');
  return store;
}
