import { useId, useRef, useState } from 'react';
import { CAPTION_MAX_LENGTH, MAX_HASHTAGS } from '@shutter/contract';
import { useI18n } from '../../lib/i18n/i18n';
import { captionProblem, countHashtags, insertSuggestion, tokenAtCaret, type MentionToken } from './caption';
import { SuggestionList, type Suggestion } from './suggestion-list';
import { useListbox } from './use-listbox';
import { useTopsearch } from '../../state/queries/search';
import styles from './details.module.css';

/**
 * The caption with @ and # suggestions. The textarea keeps its textbox role (a textarea cannot be
 * a combobox) and owns the listbox through aria-controls and aria-activedescendant.
 */
export function CaptionField({ value, disabled, onChange }: { value: string; disabled: boolean; onChange: (text: string) => void }) {
  const { t, locale } = useI18n();
  const id = useId();
  const listId = `${id}-list`;
  const ref = useRef<HTMLTextAreaElement>(null);
  const [token, setToken] = useState<MentionToken | null>(null);
  const search = useTopsearch(token && token.query ? token.query : null, token?.trigger === '#' ? 'hashtag' : 'user');

  const suggestions: Suggestion[] = !token
    ? []
    : token.trigger === '@'
      ? (search.data?.users ?? []).map(({ user }) => ({ key: user.id, primary: user.username, secondary: user.full_name, avatar: user.profile_pic_url }))
      : (search.data?.hashtags ?? []).map(({ hashtag }) => ({ key: hashtag.name, primary: `#${hashtag.name}`, secondary: t(hashtag.media_count === 1 ? 'create.suggest.postsOne' : 'create.suggest.posts', { count: hashtag.media_count }) }));

  const pick = (index: number) => {
    const field = ref.current;
    const chosen = suggestions[index];
    if (!field || !token || !chosen) return;
    const name = chosen.primary.replace(/^#/, '');
    const next = insertSuggestion(value, field.selectionStart, token, name);
    onChange(next.text);
    setToken(null);
    requestAnimationFrame(() => field.setSelectionRange(next.caret, next.caret));
  };
  const listbox = useListbox(suggestions.length, pick, () => setToken(null));
  const open = token !== null && token.query !== '';

  const refresh = (field: HTMLTextAreaElement) => setToken(tokenAtCaret(field.value, field.selectionStart));
  const problem = captionProblem(value);
  const hashtags = countHashtags(value);
  const errorId = `${id}-error`;

  return (
    <div className={styles.captionBox}>
      <label htmlFor={id} className="visually-hidden">
        {t('create.caption.label')}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={styles.caption}
        placeholder={t('create.caption.label')}
        value={value}
        rows={6}
        disabled={disabled}
        aria-autocomplete="list"
        aria-controls={open && suggestions.length ? listId : undefined}
        aria-activedescendant={open && suggestions.length ? `${listId}-${listbox.active}` : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-count ${id}-hint ${problem ? errorId : ''}`}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          refresh(event.currentTarget);
          listbox.setActive(0);
        }}
        onSelect={(event) => refresh(event.currentTarget)}
        onBlur={() => setToken(null)}
        onKeyDown={(event) => {
          if (open) listbox.onKeyDown(event);
        }}
      />
      {open ? <SuggestionList id={listId} items={suggestions} active={listbox.active} loading={search.isFetching} onPick={pick} onHover={listbox.setActive} /> : null}
      <div className={styles.captionMeta}>
        <span className={hashtags > MAX_HASHTAGS ? styles.over : undefined}>{t('create.caption.hashtags', { count: hashtags, max: MAX_HASHTAGS })}</span>
        <span className={value.length > CAPTION_MAX_LENGTH ? styles.over : undefined} aria-hidden="true">
          {t('create.caption.counter', { count: value.length.toLocaleString(locale), max: CAPTION_MAX_LENGTH.toLocaleString(locale) })}
        </span>
        <span id={`${id}-hint`} className="visually-hidden">
          {t('create.suggest.hint')}
        </span>
        <span id={`${id}-count`} className="visually-hidden">
          {t('create.caption.counterLabel', { count: value.length, max: CAPTION_MAX_LENGTH })}
        </span>
      </div>
      {problem ? (
        <p id={errorId} className={styles.error} role="alert">
          {problem === 'tooLong' ? t('create.caption.tooLong', { max: CAPTION_MAX_LENGTH.toLocaleString(locale) }) : t('create.caption.tooManyHashtags', { max: MAX_HASHTAGS })}
        </p>
      ) : null}
    </div>
  );
}
