import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@shutter/contract';
import { useI18n, useT, type MessageId } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Spinner } from '../../ui/spinner';
import { fetchTopsearch } from '../../state/queries/search';
import { LocationPicker } from '../create/location-picker';
import type { MentionResult, StickerContent, StoryCreationState } from './story-reducer';
import { newItemId } from './item-id';
import { dispatchStory } from './story-store';
import styles from './story-create.module.css';

export const STORY_EMOJIS = ['😍', '😂', '🔥', '❤️', '👏', '🎉', '😮', '😢', '🙌', '✨', '🌈', '☀️', '🍕', '⚽', '🎶', '💯'];
const HASHTAG = /^[\p{L}\p{N}_]{1,100}$/u;

type Panel = 'menu' | 'mention' | 'hashtag' | 'location';


function add(content: StickerContent) {
  dispatchStory({ type: 'stickerAdd', id: newItemId('s'), content });
}

/** People for a mention: the service's people search, kept per query for the whole visit. */
function useMentionSearch(query: string, cache: StoryCreationState['stickerResults']) {
  const [state, setState] = useState<{ loading: boolean; failed: boolean }>({ loading: false, failed: false });
  const key = query.trim().toLowerCase();
  const cached = key ? cache[key] : undefined;
  useEffect(() => {
    if (!key || cached) return;
    let stale = false;
    const timer = setTimeout(() => {
      setState({ loading: true, failed: false });
      fetchTopsearch(key, { context: 'user' })
        .then((answer) => {
          if (stale) return;
          const results: MentionResult[] = answer.users.map(({ user }) => ({ id: user.id, username: user.username, full_name: user.full_name, profile_pic_url: user.profile_pic_url }));
          dispatchStory({ type: 'stickerResultsCached', query: key, results });
          setState({ loading: false, failed: false });
        })
        .catch(() => !stale && setState({ loading: false, failed: true }));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [key, cached]);
  return { results: cached ?? [], ...state, searched: !!cached };
}

function MentionPanel({ cache }: { cache: StoryCreationState['stickerResults'] }) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState('');
  const search = useMentionSearch(query, cache);
  return (
    <div className={styles.sheetForm}>
      <label htmlFor={id} className={styles.sheetLabel}>{t('storyCreate.mention.field')}</label>
      <input id={id} className={styles.sheetInput} value={query} autoComplete="off" autoFocus onChange={(event) => setQuery(event.currentTarget.value)} />
      {search.loading ? <p className={styles.sheetNote} role="status"><Spinner size={16} /> {t('storyCreate.mention.searching')}</p> : null}
      {search.failed ? <p className={styles.sheetNote} role="alert">{t('storyCreate.mention.failed')}</p> : null}
      {search.searched && search.results.length === 0 ? <p className={styles.sheetNote} role="status">{t('storyCreate.mention.none')}</p> : null}
      <ul className={styles.people}>
        {search.results.map((person) => (
          <li key={person.id}>
            <button type="button" className={styles.person} onClick={() => add({ type: 'mention', userId: person.id, username: person.username })}>
              <Avatar src={person.profile_pic_url} alt="" size={32} />
              <span className={styles.personText}>
                <span className={styles.personName}>{person.username}</span>
                {person.full_name ? <span className={styles.personSub}>{person.full_name}</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function HashtagPanel() {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState('');
  const name = value.trim().replace(/^#/, '');
  const valid = HASHTAG.test(name);
  return (
    <form
      className={styles.sheetForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) add({ type: 'hashtag', name });
      }}
    >
      <label htmlFor={id} className={styles.sheetLabel}>{t('storyCreate.hashtag.field')}</label>
      <div className={styles.sheetRow}>
        <input id={id} className={styles.sheetInput} value={value} autoComplete="off" autoFocus maxLength={101} placeholder="#" aria-invalid={name !== '' && !valid} onChange={(event) => setValue(event.currentTarget.value)} />
        <button type="submit" className={styles.addButton} disabled={!valid}>{t('storyCreate.sticker.add')}</button>
      </div>
      {name !== '' && !valid ? <p className={styles.sheetNote} role="alert">{t('storyCreate.hashtag.invalid')}</p> : null}
    </form>
  );
}

function LocationPanel() {
  const t = useT();
  const [text, setText] = useState('');
  return (
    <div className={styles.sheetForm}>
      <LocationPicker value={text} locationId={null} disabled={false} onType={setText} onPick={(place) => add({ type: 'location', locationId: place.id, name: place.name })} />
      <p className={styles.sheetNote}>{t('storyCreate.location.none')}</p>
    </div>
  );
}

/** The stickers: mention, hashtag, location and time, then the emoji. */
export function StickerSheet({ state }: { state: StoryCreationState }) {
  const t = useT();
  const { locale } = useI18n();
  const [panel, setPanel] = useState<Panel>('menu');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [panel]);
  const time = () => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date());

  return (
    <section className={styles.sheet} aria-labelledby="story-sticker-title">
      <div className={styles.sheetHeader}>
        {panel !== 'menu' ? (
          <button type="button" className={styles.sheetTextButton} onClick={() => setPanel('menu')} aria-label={t('storyCreate.stickers.back')}>
            ‹
          </button>
        ) : <span />}
        <h2 id="story-sticker-title" ref={headingRef} tabIndex={-1} className={styles.sheetTitle}>
          {panel === 'menu' ? t('storyCreate.stickers.title') : t(`storyCreate.sticker.${panel}` as MessageId)}
        </h2>
        <button type="button" className={styles.sheetTextButton} onClick={() => dispatchStory({ type: 'mode', mode: 'none' })} aria-label={t('storyCreate.stickers.close')}>
          ×
        </button>
      </div>
      {panel === 'menu' ? (
        <>
          <div className={styles.stickerKinds}>
            <button type="button" className={styles.kind} onClick={() => setPanel('mention')}>@ {t('storyCreate.sticker.mention')}</button>
            <button type="button" className={styles.kind} onClick={() => setPanel('hashtag')}># {t('storyCreate.sticker.hashtag')}</button>
            <button type="button" className={styles.kind} onClick={() => setPanel('location')}>{t('storyCreate.sticker.location')}</button>
            <button type="button" className={styles.kind} onClick={() => add({ type: 'time', text: time() })}>{t('storyCreate.sticker.time')}</button>
          </div>
          <h3 className={styles.sheetSubtitle}>{t('storyCreate.sticker.emoji')}</h3>
          <div className={styles.emojis}>
            {STORY_EMOJIS.map((emoji) => (
              <button key={emoji} type="button" className={styles.emoji} aria-label={t('storyCreate.sticker.addEmoji', { emoji })} onClick={() => add({ type: 'emoji', emoji })}>
                {emoji}
              </button>
            ))}
          </div>
        </>
      ) : null}
      {panel === 'mention' ? <MentionPanel cache={state.stickerResults} /> : null}
      {panel === 'hashtag' ? <HashtagPanel /> : null}
      {panel === 'location' ? <LocationPanel /> : null}
    </section>
  );
}
