import { useId, useState } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { newRankToken, useLocationSearch } from '../../state/queries/places';
import { SuggestionList, type Suggestion } from './suggestion-list';
import { useListbox } from './use-listbox';
import styles from './details.module.css';

/** A small map pin, beside each place found. */
function PinMark() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 21s-6.5-6.1-6.5-11.2a6.5 6.5 0 0 1 13 0C18.5 14.9 12 21 12 21z" />
      <circle cx="12" cy="9.8" r="2.4" />
    </svg>
  );
}

interface LocationPickerProps {
  /** The place's name as shown. */
  value: string;
  /** The place picked from search; null while the name is only typed. */
  locationId: string | null;
  disabled: boolean;
  /** A name typed (or cleared): no place picked. */
  onType: (text: string) => void;
  onPick: (place: { id: string; name: string }) => void;
}

/**
 * The post's place: a combobox over /location_search/ (cities of the gazetteer and places people
 * named). Picking a result tags the post with that place; a name typed and left as it is makes a
 * place of that name when the post is shared.
 */
export function LocationPicker({ value, locationId, disabled, onType, onPick }: LocationPickerProps) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const [rankToken] = useState(newRankToken);
  const [open, setOpen] = useState(false);
  const typing = open && !locationId && value.trim() !== '';
  const search = useLocationSearch(typing ? value : null, rankToken);
  const venues = typing ? (search.data?.venues ?? []) : [];
  const suggestions: Suggestion[] = venues.map((v) => ({ key: v.external_id, primary: v.title, secondary: v.subtitle || undefined, mark: <PinMark /> }));

  const pick = (index: number) => {
    const venue = venues[index];
    if (!venue) return;
    onPick({ id: venue.location.pk, name: venue.name });
    setOpen(false);
  };
  const listbox = useListbox(suggestions.length, pick, () => setOpen(false));
  const shown = typing && suggestions.length > 0;

  return (
    <div className={styles.field}>
      <label htmlFor={id} className="visually-hidden">
        {t('create.location.label')}
      </label>
      <div className={styles.comboRow}>
        <input
          id={id}
          className={styles.input}
          placeholder={t('create.location.label')}
          role="combobox"
          autoComplete="off"
          aria-expanded={shown}
          aria-autocomplete="list"
          aria-controls={shown ? listId : undefined}
          aria-activedescendant={shown ? `${listId}-${listbox.active}` : undefined}
          aria-description={locationId ? t('places.picker.chosen', { name: value }) : undefined}
          value={value}
          maxLength={100}
          disabled={disabled}
          onChange={(event) => {
            onType(event.currentTarget.value);
            listbox.setActive(0);
            setOpen(true);
          }}
          onKeyDown={(event) => {
            if (shown) listbox.onKeyDown(event);
          }}
          onBlur={() => setOpen(false)}
        />
        {value ? (
          <Button variant="secondary" disabled={disabled} onClick={() => onType('')}>
            {t('places.picker.remove')}
          </Button>
        ) : null}
      </div>
      {shown ? <SuggestionList id={listId} items={suggestions} active={listbox.active} loading={search.isFetching} onPick={pick} onHover={listbox.setActive} /> : null}
    </div>
  );
}
