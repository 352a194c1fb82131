import { SEARCH_SCROLL_STEP } from '@shutter/contract';
import type { SearchItem, SearchSection } from './search-items';

export type SelectedMethod = 'mouse' | 'keyboard';

/** The search box's state: what was asked, what came back, and which row is selected. */
export interface SearchState {
  query: string;
  results: SearchItem[];
  recent: SearchItem[];
  suggested: SearchItem[];
  nullStateSections: SearchSection[];
  loading: boolean;
  /** Ties the searches of one session together; a new one when the query is cleared. */
  rankToken: string;
  /** The query `results` answer; null before any answer. */
  searchedForQuery: string | null;
  /** -1: none. */
  selectedIndex: number;
  selectedMethod: SelectedMethod;
  /** Set by focusing the box: the searches from here on form one session. */
  sessionStarted: boolean;
}

export type SearchAction =
  | { type: 'focused' }
  | { type: 'typed'; query: string; rankToken: string }
  | { type: 'requested'; query: string }
  | { type: 'answered'; query: string; results: SearchItem[] }
  | { type: 'failed'; query: string }
  | { type: 'nullStateLoaded'; sections: SearchSection[] }
  | { type: 'recentLoaded'; recent: SearchItem[] }
  | { type: 'recentHidden'; key: string }
  | { type: 'recentCleared' }
  | { type: 'moved'; by: number }
  | { type: 'hovered'; index: number }
  | { type: 'ended'; rankToken: string };

export const initialSearchState = (rankToken: string): SearchState => ({
  query: '', results: [], recent: [], suggested: [], nullStateSections: [], loading: false, rankToken,
  searchedForQuery: null, selectedIndex: -1, selectedMethod: 'keyboard', sessionStarted: false,
});

/** A query that is only a '#' or an '@' (or nothing) names nothing yet: it never shows "No results". */
export const isQualifyingQuery = (query: string) => !['', '#', '@'].includes(query.trim());

/** A lone '#' or '@': the box suggests hashtags, or people, until a name follows. */
export const suggestionPrefix = (query: string): '#' | '@' | null => {
  const q = query.trim();
  return q === '#' || q === '@' ? q : null;
};

/** The rows the list shows now: results for a query, the recent entries and sections for an empty box. */
export function visibleItems(state: SearchState): SearchItem[] {
  if (state.query.trim()) return state.results;
  return [...state.recent, ...state.nullStateSections.flatMap((s) => s.items.filter((i) => !state.recent.some((r) => r.key === i.key)))];
}

/** "No results" only for a real query whose answer came back empty. */
export function showsNoResults(state: SearchState): boolean {
  return isQualifyingQuery(state.query) && !state.loading && state.searchedForQuery === state.query && state.results.length === 0;
}

/** The row Enter opens: the selected one, or the first. */
export function itemToOpen(state: SearchState): SearchItem | undefined {
  const items = visibleItems(state);
  return items[state.selectedIndex >= 0 ? state.selectedIndex : 0];
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'focused':
      return state.sessionStarted ? state : { ...state, sessionStarted: true };
    case 'typed': {
      if (!action.query.trim()) {
        // Cleared: the results go and the next searches belong to a new ranking session.
        return { ...state, query: action.query, results: [], searchedForQuery: null, loading: false, selectedIndex: -1, rankToken: action.rankToken };
      }
      return { ...state, query: action.query, selectedIndex: -1 };
    }
    case 'requested':
      return action.query === state.query ? { ...state, loading: true } : state;
    case 'answered':
      // An answer to a query the box no longer holds is late: it is dropped.
      if (action.query !== state.query) return state;
      return { ...state, results: [...action.results].sort((a, b) => a.position - b.position), searchedForQuery: action.query, loading: false, selectedIndex: -1 };
    case 'failed':
      return action.query === state.query ? { ...state, loading: false } : state;
    case 'nullStateLoaded':
      return { ...state, nullStateSections: action.sections, suggested: action.sections.find((s) => s.type === 'suggested')?.items ?? [] };
    case 'recentLoaded':
      return { ...state, recent: [...action.recent].sort((a, b) => a.position - b.position) };
    case 'recentHidden':
      return { ...state, recent: state.recent.filter((r) => r.key !== action.key), selectedIndex: Math.min(state.selectedIndex, state.recent.length - 2) };
    case 'recentCleared':
      return { ...state, recent: [], selectedIndex: -1 };
    case 'moved': {
      const count = visibleItems(state).length;
      if (!count) return state;
      const from = state.selectedIndex < 0 ? (action.by > 0 ? -1 : count) : state.selectedIndex;
      // One step wraps around the ends; a page step stops at them.
      const to = Math.abs(action.by) === 1 ? (from + action.by + count) % count : Math.max(0, Math.min(count - 1, from + action.by));
      return { ...state, selectedIndex: to, selectedMethod: 'keyboard' };
    }
    case 'hovered':
      return { ...state, selectedIndex: action.index, selectedMethod: 'mouse' };
    case 'ended':
      return { ...initialSearchState(action.rankToken), recent: state.recent, nullStateSections: state.nullStateSections, suggested: state.suggested };
  }
}

/** Arrow keys move one row; Page Down and Page Up move a page step. */
export function moveFor(key: string): number | null {
  if (key === 'ArrowDown') return 1;
  if (key === 'ArrowUp') return -1;
  if (key === 'PageDown') return SEARCH_SCROLL_STEP;
  if (key === 'PageUp') return -SEARCH_SCROLL_STEP;
  return null;
}
