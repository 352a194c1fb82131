import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { listShown, optionId, SearchPanel } from './search-panel';
import { useSearch } from './use-search';
import styles from './search.module.css';

/** The search field as a combobox over the panel's listbox. */
export function SearchField({ search, listId, open, inputRef, onFocus, onEscape, autoFocus, className }: {
  search: ReturnType<typeof useSearch>;
  listId: string;
  open: boolean;
  inputRef?: React.RefObject<HTMLInputElement | null>;
  onFocus?: () => void;
  onEscape?: () => void;
  autoFocus?: boolean;
  className?: string;
}) {
  const t = useT();
  const { state } = search;
  const active = open && state.selectedIndex >= 0 ? optionId(listId, state.selectedIndex) : undefined;
  return (
    <div role="search" className={`${styles.field} ${className ?? ''}`}>
      <Icon name="search" size={16} className={styles.fieldIcon} />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        aria-label={t('search.label')}
        aria-expanded={open}
        aria-controls={open && listShown(search) ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={active}
        aria-describedby={`${listId}-hint`}
        placeholder={t('search.placeholder')}
        value={state.query}
        onFocus={() => {
          search.focus();
          onFocus?.();
        }}
        onChange={(event) => search.setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onEscape?.();
            return;
          }
          search.onKeyDown(event);
        }}
      />
      <span id={`${listId}-hint`} className={styles.hidden}>{t('search.hint')}</span>
      {state.query ? (
        <button type="button" className={styles.clearQuery} aria-label={t('search.clearQuery')} onMouseDown={(event) => event.preventDefault()} onClick={() => search.setQuery('')}>
          <Icon name="close" size={12} />
        </button>
      ) : null}
    </div>
  );
}

/** The desktop navigation's search box: focusing it opens a popup with the results (or recent searches). */
export function SearchBox() {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useSearch({ onOpened: () => { setOpen(false); inputRef.current?.blur(); } });
  return (
    <div
      className={styles.box}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <SearchField
        search={search}
        listId={listId}
        open={open}
        inputRef={inputRef}
        onFocus={() => setOpen(true)}
        onEscape={() => {
          if (search.state.query) search.setQuery('');
          else inputRef.current?.blur();
          setOpen(Boolean(search.state.query));
        }}
      />
      {open ? (
        <div className={styles.popup}>
          <span className={styles.arrow} aria-hidden="true" />
          {/* The list scrolls: a keyboard reaches it too (Tab), as well as through the box's arrows. */}
          <div className={styles.popupBody} tabIndex={0}>
            <SearchPanel search={search} listId={listId} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The phone's full-screen search (/explore/search/): the box with Cancel above the list. */
export function SearchPage() {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const search = useSearch();
  const inputRef = useRef<HTMLInputElement>(null);
  // Arriving here is focusing the box (from Explore's box, or opened directly).
  useEffect(() => { inputRef.current?.focus(); }, []);
  return (
    <div className={styles.page}>
      <h1 className={styles.hidden}>{t('search.label')}</h1>
      <div className={styles.pageBar}>
        <SearchField search={search} listId={listId} open inputRef={inputRef} className={styles.pageField} onEscape={() => search.setQuery('')} />
        <button
          type="button"
          className={styles.cancel}
          onClick={() => {
            search.setQuery('');
            void navigate('/explore/');
          }}
        >
          {t('search.cancel')}
        </button>
      </div>
      <div className={styles.pageBody}>
        <SearchPanel search={search} listId={listId} />
      </div>
    </div>
  );
}

/** The search box where a phone shows one (Explore): focusing it goes to the full-screen search. */
export function SearchEntry() {
  const t = useT();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  // The page is rendered on the server: a tap before the script takes over focused the box with no
  // handler to hear it, so the search opens once the handler is there.
  useEffect(() => {
    if (input.current && document.activeElement === input.current) void navigate('/explore/search/');
  }, [navigate]);
  return (
    <div role="search" className={`${styles.field} ${styles.entry}`}>
      <Icon name="search" size={16} className={styles.fieldIcon} />
      <input ref={input} type="search" aria-label={t('search.label')} placeholder={t('search.placeholder')} readOnly onFocus={() => void navigate('/explore/search/')} />
    </div>
  );
}
