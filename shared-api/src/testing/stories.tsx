// Decorators for Storybook: screens render from a pre-filled query cache and a chosen session,
// so designers see every state without a server. `import ... from '@guestspot/shared-api/stories'`.
import { useState, type ComponentType, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { useSessionStore } from '../session/session-store';
import type { User } from '../types';

export * from './fixtures';
export * from './billing-fixtures';
export * from './payout-fixtures';
export * from './integration-fixtures';

export type QueryState = { data: unknown } | { loading: true } | { error: string };

/** Fill the cache: each entry is a query key with its data, or a query that stays loading or fails. */
export function QueryData({
  entries,
  children,
}: {
  entries: [QueryKey, QueryState][];
  children: ReactNode;
}) {
  const [client] = useState(() => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnMount: false } },
    });
    for (const [key, state] of entries) {
      if ('data' in state) queryClient.setQueryData(key, state.data);
      else if ('loading' in state)
        void queryClient.prefetchQuery({ queryKey: key, queryFn: () => new Promise(() => {}) });
      else
        void queryClient.prefetchQuery({
          queryKey: key,
          queryFn: () => Promise.reject(new Error(state.error)),
        });
    }
    return queryClient;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A story decorator rendering the story inside QueryData with these entries. */
export const withQueryData = (entries: [QueryKey, QueryState][]) => (Story: ComponentType) => (
  <QueryData entries={entries}>
    <Story />
  </QueryData>
);

/** The story's globals to show it on a phone. */
export const phoneGlobals = { viewport: { value: 'phone', isRotated: false } };

/** The Loading and Failed stories of a screen that reads one query. */
export const loadStateStories = (key: QueryKey) => ({
  Loading: { decorators: [withQueryData([[key, { loading: true }]])] },
  Failed: { decorators: [withQueryData([[key, { error: 'Server Error' }]])] },
});

/** Render the story as this user (null: a visitor). */
export function AsUser({ user, children }: { user: User | null; children: ReactNode }) {
  useState(() => useSessionStore.setState({ authenticated: user !== null, user, loading: false }));
  return <>{children}</>;
}
