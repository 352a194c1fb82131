/**
 * History index (React Router's history.state.idx) of the flow's first page: Close goes back to
 * the entry before it, and Back steps through the flow's own entries. Each step remounts the
 * flow's screen, so the index outlives it here, until the session ends.
 */
let entryIdx: number | null = null;

export const flowEntry = {
  /** The flow's first page is this one unless it already has one. */
  startAt: (idx: number): void => {
    if (entryIdx === null) entryIdx = idx;
  },
  get: (): number | null => entryIdx,
  clear: (): void => {
    entryIdx = null;
  },
};
