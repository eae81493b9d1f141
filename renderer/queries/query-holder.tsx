/**
 * Where the app's QueryClient lives once something needs it. The query cache serves on-demand
 * reads only (a task's detail and result, tools, logs) and the screens that make them load after
 * the first paint, so the client, and TanStack Query with it, is made by the first of them
 * (`QueryRoot`, in their chunks). Code in the first paint reaches the client through the holder
 * and calls its methods only when it exists: until then there is nothing cached to keep current.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';

/** The app's client, or undefined while no screen has needed one. */
export interface QueryHolder {
  client: QueryClient | undefined;
}

const HolderContext = createContext<QueryHolder | null>(null);

/** Gives its children one holder (`client` for tests that want to look inside, else one made on first use). */
export function QueryHolderProvider({ client, children }: { client?: QueryClient | undefined; children: ReactNode }) {
  const [holder] = useState<QueryHolder>(() => ({ client }));
  return <HolderContext value={holder}>{children}</HolderContext>;
}

/** The nearest holder. */
export function useQueryHolder(): QueryHolder {
  const holder = useContext(HolderContext);
  if (holder === null) throw new Error('useQueryHolder needs a QueryHolderProvider above it.');
  return holder;
}
