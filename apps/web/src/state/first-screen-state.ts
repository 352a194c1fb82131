import type { QueryClient } from '@tanstack/react-query';

// What every page's client reads at start: kept apart from first-screen.ts, which knows every
// screen's query keys, so that the app's entry chunk does not carry those screens' modules.

/** One entry of the query cache a page starts from: its key and its data, as the screen's hooks keep them. */
export type FirstScreenQuery = readonly [queryKey: readonly unknown[], data: unknown];

/** Puts the entries in a fresh cache: each as if it had just been fetched. */
export function seedQueries(client: QueryClient, queries: readonly FirstScreenQuery[]): void {
  for (const [queryKey, data] of queries) client.setQueryData(queryKey, data);
}

/** What the server rendered a page's first screen from (server-entry.tsx), as its HTML carries it. */
export interface FirstScreenState {
  /** The viewport width the screen was laid out for. */
  width: number;
  /** The language it was rendered in. */
  locale: string;
  queries: FirstScreenQuery[];
}

/** The embedded state, or null when absent or malformed (the client then starts from nothing). */
export function readFirstScreen(value: unknown): FirstScreenState | null {
  const state = value as FirstScreenState | null;
  if (!state || typeof state.width !== 'number' || typeof state.locale !== 'string' || !Array.isArray(state.queries)) return null;
  return state;
}
