import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import type { UserTag } from './creation-reducer';
import { SuggestionList, type Suggestion } from './suggestion-list';
import type { TagSpot } from './tag-photo';
import { useListbox } from './use-listbox';
import { useTopsearch } from '../../state/queries/search';
import styles from './details.module.css';

/** Search for the person at a placed spot: an input combobox over topsearch's users; `onPick` gets the tag. */
export function TagSearch({ spot, onPick, onDone }: { spot: TagSpot; onPick: (tag: UserTag) => void; onDone: () => void }) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const ref = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const search = useTopsearch(query.trim() || null, 'user');
  const users = query.trim() ? (search.data?.users ?? []).map(({ user }) => user) : [];
  const suggestions: Suggestion[] = users.map((user) => ({ key: user.id, primary: user.username, secondary: user.full_name, avatar: user.profile_pic_url }));

  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    // On a phone the field sits below the picture: bring it up, with room for the results under it.
    boxRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [spot]);

  const pick = (index: number) => {
    const user = users[index];
    if (!user) return;
    onPick({ user: { id: user.id, username: user.username, full_name: user.full_name }, x: spot.x, y: spot.y });
    onDone();
  };
  const listbox = useListbox(suggestions.length, pick, onDone);
  const open = query.trim() !== '';

  return (
    <div ref={boxRef} className={styles.tagSearch}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {t('create.tags.search')}
      </label>
      <div className={styles.comboRow}>
        <input
          ref={ref}
          id={id}
          className={styles.input}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-expanded={open && suggestions.length > 0}
          aria-autocomplete="list"
          aria-controls={open && suggestions.length ? listId : undefined}
          aria-activedescendant={open && suggestions.length ? `${listId}-${listbox.active}` : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            listbox.setActive(0);
          }}
          onKeyDown={(event) => {
            listbox.onKeyDown(event);
          }}
        />
        <Button variant="secondary" onClick={onDone}>
          {t('create.tags.cancel')}
        </Button>
      </div>
      {open ? <SuggestionList id={listId} items={suggestions} active={listbox.active} loading={search.isFetching} onPick={pick} onHover={listbox.setActive} /> : null}
    </div>
  );
}
