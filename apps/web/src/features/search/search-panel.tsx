import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { StoryAvatar } from '../stories/story-avatar';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import type { SearchItem } from './search-items';
import { showsNoResults, suggestionPrefix } from './search-reducer';
import type { SearchController } from './use-search';
import styles from './search.module.css';

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

function PlacePin() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12z" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="10" r="2.5" fill="currentColor" />
    </svg>
  );
}

function ItemRow({ item }: { item: SearchItem }) {
  const t = useT();
  if (item.kind === 'user') {
    const { user } = item;
    return (
      <>
        <StoryAvatar user={user} size={44} link="none" />
        <span className={styles.text}>
          <span className={styles.primary}>
            {user.username}
            {user.is_verified ? <Icon name="check" size={12} className={styles.verified} /> : null}
            {user.is_verified ? <span className={styles.hidden}>{t('search.verified')}</span> : null}
          </span>
          <span className={styles.secondary}>{user.subtitle || user.full_name}</span>
        </span>
      </>
    );
  }
  if (item.kind === 'hashtag') {
    const { hashtag } = item;
    return (
      <>
        <span className={styles.glyph} aria-hidden="true">#</span>
        <span className={styles.text}>
          <span className={styles.primary}>#{hashtag.name}</span>
          <span className={styles.secondary}>{t(hashtag.media_count === 1 ? 'search.postsOne' : 'search.posts', { count: hashtag.media_count })}</span>
        </span>
      </>
    );
  }
  const { place } = item;
  return (
    <>
      <span className={styles.glyph}><PlacePin /></span>
      <span className={styles.text}>
        <span className={styles.primary}>{place.title}</span>
        {place.subtitle ? <span className={styles.secondary}>{place.subtitle}</span> : null}
      </span>
    </>
  );
}

function labelOf(item: SearchItem): string {
  if (item.kind === 'user') return item.user.username;
  if (item.kind === 'hashtag') return `#${item.hashtag.name}`;
  return item.place.title;
}

/**
 * One option, opened by a click or by Enter in the box. It holds no control of its own (an option's
 * content is presentational): the remove mark of a recent entry answers the pointer, and Delete in
 * the box removes the selected entry.
 */
function Option({ item, index, listId, search, removable }: { item: SearchItem; index: number; listId: string; search: SearchController; removable: boolean }) {
  const t = useT();
  const selected = search.state.selectedIndex === index;
  const byKeyboard = selected && search.state.selectedMethod === 'keyboard';
  const ref = useRef<HTMLLIElement>(null);
  // An option chosen with the keys is scrolled into view, in a long list too.
  useEffect(() => {
    if (byKeyboard) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [byKeyboard]);
  return (
    <li
      ref={ref}
      id={optionId(listId, index)}
      role="option"
      aria-selected={selected}
      className={`${styles.option} ${selected ? styles.selected : ''}`}
      onMouseMove={() => { if (!selected) search.hover(index); }}
      onMouseDown={(event) => event.preventDefault() /* keep the focus in the box */}
      onClick={() => search.open(item)}
    >
      <span className={styles.optionBody}>
        <ItemRow item={item} />
      </span>
      {removable ? (
        <span
          className={styles.remove}
          title={t('search.remove', { name: labelOf(item) })}
          data-remove={labelOf(item)}
          onClick={(event) => {
            event.stopPropagation();
            search.hide(item);
          }}
        >
          <Icon name="close" size={16} />
        </span>
      ) : null}
    </li>
  );
}

/** The null state's sections, without what the recent searches already list. */
function nullSections(state: SearchController['state']) {
  const recentKeys = new Set(state.recent.map((r) => r.key));
  return state.nullStateSections.map((s) => ({ ...s, items: s.items.filter((i) => !recentKeys.has(i.key)) })).filter((s) => s.items.length);
}

/** Whether the panel shows its list now (the box's aria-controls names it only then). */
export function listShown(search: SearchController): boolean {
  const { state } = search;
  if (state.query.trim()) {
    if ((state.loading && state.searchedForQuery === null) || showsNoResults(state)) return false;
    return !suggestionPrefix(state.query) || state.results.length > 0 || state.searchedForQuery !== state.query;
  }
  return !search.nullStateLoading && (state.recent.length > 0 || nullSections(state).length > 0);
}

/**
 * What the box shows under it: results for a query (ordered by position), or for an empty box the
 * recent searches (each removable, and "Clear all") and the null state's sections.
 */
export function SearchPanel({ search, listId }: { search: SearchController; listId: string }) {
  const t = useT();
  const { state } = search;
  if (state.query.trim()) {
    if (state.loading && state.searchedForQuery === null) return <div className={styles.center}><Spinner label={t('search.loading')} /></div>;
    if (showsNoResults(state)) return <p className={styles.message} role="status">{t('search.noResults')}</p>;
    // A lone '#' or '@' lists the hashtags or people it suggests, or says what to type.
    const prefix = suggestionPrefix(state.query);
    const list = (
      <ul id={listId} role="listbox" aria-label={t('search.results')} className={styles.list} aria-busy={state.loading}>
        {state.results.map((item, index) => <Option key={item.key} item={item} index={index} listId={listId} search={search} removable={false} />)}
      </ul>
    );
    if (!prefix) return list;
    return (
      <div>
        {state.results.length ? (
          <div className={styles.heading}>
            <h2 className={styles.title}>{t(prefix === '#' ? 'search.hashtagSuggestions' : 'search.peopleSuggestions')}</h2>
          </div>
        ) : null}
        {state.results.length || state.searchedForQuery !== state.query
          ? list
          : <p className={styles.message}>{t(prefix === '#' ? 'search.hashtagsPrompt' : 'search.peoplePrompt')}</p>}
      </div>
    );
  }
  if (search.nullStateLoading) return <div className={styles.center}><Spinner label={t('app.loading')} /></div>;
  const sections = nullSections(state);
  let index = 0;
  return (
    <div>
      <div className={styles.heading}>
        <h2 id={`${listId}-recent`} className={styles.title}>{t('search.recent')}</h2>
        {state.recent.length ? <button type="button" className={styles.clearAll} onMouseDown={(event) => event.preventDefault()} onClick={search.clearAll}>{t('search.clearAll')}</button> : null}
      </div>
      {state.recent.length === 0 ? <p className={styles.message}>{search.nullStateFailed ? t('search.error') : t('search.noRecent')}</p> : null}
      {state.recent.length || sections.length ? (
        <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className={styles.list}>
          {state.recent.length ? (
            <li role="group" aria-labelledby={`${listId}-recent`}>
              <ul className={styles.group} role="presentation">
                {state.recent.map((item) => <Option key={item.key} item={item} index={index++} listId={listId} search={search} removable />)}
              </ul>
            </li>
          ) : null}
          {sections.map((section) => (
            <li key={section.type} role="group" aria-labelledby={`${listId}-${section.type}`}>
              <span id={`${listId}-${section.type}`} className={styles.sectionTitle} role="presentation">{section.title}</span>
              <ul className={styles.group} role="presentation">
                {section.items.map((item) => <Option key={item.key} item={item} index={index++} listId={listId} search={search} removable={false} />)}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
