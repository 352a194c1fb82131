import { useCallback, useEffect, useMemo, useReducer, useRef, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '@shutter/contract';
import {
  clearSearchHistory, fetchTopsearch, hideSearchEntities, recentSearchesKey, registerRecentSearch, useNullStateSections, useRecentSearches,
} from '../../state/queries/search';
import { debounce } from './debounce';
import { entityOf, hrefOf, recentOf, resultsOf, sectionsOf, type SearchItem } from './search-items';
import { initialSearchState, isQualifyingQuery, itemToOpen, moveFor, searchReducer, suggestionPrefix, visibleItems } from './search-reducer';

const newRankToken = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * A search box's behaviour, shared by the desktop popup and the phone's full-screen search: the
 * reducer's state, typing debounced, answers applied only while their query is still the box's,
 * the null state loaded on focus, and opening, hiding and clearing entries.
 */
export function useSearch({ onOpened }: { onOpened?: () => void } = {}) {
  const [state, dispatch] = useReducer(searchReducer, undefined, () => initialSearchState(newRankToken()));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const recentQuery = useRecentSearches(state.sessionStarted);
  const nullState = useNullStateSections('blended', state.sessionStarted);
  const rankToken = useRef(state.rankToken);
  rankToken.current = state.rankToken;

  useEffect(() => {
    if (recentQuery.data) dispatch({ type: 'recentLoaded', recent: recentOf(recentQuery.data.recent) });
  }, [recentQuery.data]);
  useEffect(() => {
    if (nullState.data) dispatch({ type: 'nullStateLoaded', sections: sectionsOf(nullState.data.sections) });
  }, [nullState.data]);

  const search = useMemo(() => debounce((query: string) => {
    dispatch({ type: 'requested', query });
    fetchTopsearch(query, { rankToken: rankToken.current }).then(
      (answer) => dispatch({ type: 'answered', query, results: resultsOf(answer) }),
      () => dispatch({ type: 'failed', query }),
    );
  }, SEARCH_DEBOUNCE_MS), []);
  useEffect(() => search.cancel, [search]);

  const setQuery = useCallback((query: string) => {
    dispatch({ type: 'typed', query, rankToken: newRankToken() });
    if (isQualifyingQuery(query) || suggestionPrefix(query)) search(query);
    else search.cancel();
  }, [search]);

  const open = useCallback((item: SearchItem) => {
    void registerRecentSearch(entityOf(item)).then(() => queryClient.invalidateQueries({ queryKey: recentSearchesKey }), () => undefined);
    dispatch({ type: 'ended', rankToken: newRankToken() });
    onOpened?.();
    void navigate(hrefOf(item));
  }, [navigate, onOpened, queryClient]);

  const hide = useCallback((item: SearchItem) => {
    dispatch({ type: 'recentHidden', key: item.key });
    const { entity_type, entity_id } = entityOf(item);
    hideSearchEntities({ [entity_type]: [entity_id] }).then(
      () => queryClient.invalidateQueries({ queryKey: recentSearchesKey }),
      () => recentQuery.refetch(),
    );
  }, [queryClient, recentQuery]);

  const clearAll = useCallback(() => {
    dispatch({ type: 'recentCleared' });
    clearSearchHistory().then(() => queryClient.setQueryData(recentSearchesKey, { recent: [], status: 'ok' }), () => recentQuery.refetch());
  }, [queryClient, recentQuery]);

  /** The combobox's keys: arrows and page keys select, Enter opens, Delete removes a recent entry. */
  const onKeyDown = (event: KeyboardEvent) => {
    const by = moveFor(event.key);
    if (by !== null && visibleItems(state).length) {
      event.preventDefault();
      dispatch({ type: 'moved', by });
    } else if (event.key === 'Enter') {
      const item = itemToOpen(state);
      if (item) {
        event.preventDefault();
        open(item);
      }
    } else if (event.key === 'Delete' && !state.query.trim()) {
      const item = visibleItems(state)[state.selectedIndex];
      if (item && state.recent.some((r) => r.key === item.key)) {
        event.preventDefault();
        hide(item);
      }
    }
  };

  return {
    state,
    items: visibleItems(state),
    nullStateLoading: state.sessionStarted && (recentQuery.isPending || nullState.isPending),
    nullStateFailed: recentQuery.isError && nullState.isError,
    focus: () => dispatch({ type: 'focused' }),
    hover: (index: number) => dispatch({ type: 'hovered', index }),
    setQuery,
    open,
    hide,
    clearAll,
    onKeyDown,
  };
}
export type SearchController = ReturnType<typeof useSearch>;
