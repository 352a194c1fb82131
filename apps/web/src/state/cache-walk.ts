import type { QueryClient } from '@tanstack/react-query';

/**
 * Changes one object wherever the query cache holds a copy of it (a post in the feed, in a grid
 * and on its page; a person in a profile, a follow list and a suggestion row). `match` picks the
 * copies; `update` returns the changed copy. Only the branches that changed are rebuilt.
 */
export function patchEverywhere<T extends object>(client: QueryClient, match: (value: object) => value is T, update: (value: T) => T): void {
  const walk = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      let changed = false;
      const next = value.map((item) => {
        const mapped = walk(item);
        if (mapped !== item) changed = true;
        return mapped;
      });
      return changed ? next : value;
    }
    let current = value;
    if (match(current)) current = update(current);
    let copy: Record<string, unknown> | null = null;
    for (const [key, child] of Object.entries(current)) {
      const mapped = walk(child);
      if (mapped !== child) {
        copy ??= { ...(current as Record<string, unknown>) };
        copy[key] = mapped;
      }
    }
    return copy ?? current;
  };
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = walk(data);
    if (next !== data) client.setQueryData(query.queryKey, next);
  }
}
