/** The query cache's provider around a screen that reads on demand; loaded with those screens. */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { useQueryHolder } from './query-holder';

/** Makes the app's client on first use (one per holder, so every screen shares one cache) and provides it. */
export function QueryRoot({ children }: { children: ReactNode }) {
  const holder = useQueryHolder();
  // Made during render, once: the holder outlives every screen, and making it twice (a render React
  // throws away) cannot happen, since the second render finds the first's client.
  holder.client ??= createQueryClient();
  return <QueryClientProvider client={holder.client}>{children}</QueryClientProvider>;
}
