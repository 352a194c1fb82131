import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DirectUserResult } from '@shutter/contract';
import { SEARCH_DEBOUNCE_MS } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { fetchRankedRecipients } from '../../state/queries/direct';
import { ThreadAvatar } from './thread-avatar';
import styles from './picker.module.css';

/** Someone to message: a person, or (when sharing) a group thread. */
export type Recipient =
  | { kind: 'user'; key: string; user: DirectUserResult }
  | { kind: 'thread'; key: string; threadId: string; title: string; users: DirectUserResult[] };

const recipientName = (recipient: Recipient) => (recipient.kind === 'user' ? recipient.user.username : recipient.title);

export const recipientsKey = (mode: string, query: string) => ['direct-recipients', mode, query] as const;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface PeoplePickerProps {
  mode: 'raven' | 'reshare';
  selected: Recipient[];
  onChange: (selected: Recipient[]) => void;
  /** People already there (a group's members): not offered. */
  exclude?: readonly string[];
  max?: number;
}

/**
 * "To:" with the chosen people as chips, a search box, and the people to choose from
 * (R-002-direct-api-8: ranked recipients, narrowed by the query), each a checkbox.
 */
export function PeoplePicker({ mode, selected, onChange, exclude = [], max }: PeoplePickerProps) {
  const t = useT();
  const inputId = useId();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  // Typed into the server-rendered page before its script took over: taken over once, at mount.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setText(typed);
  }, []);
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: recipientsKey(mode, query),
    queryFn: () => fetchRankedRecipients(query, mode),
    staleTime: 60_000,
  });
  const chosen = new Set(selected.map((recipient) => recipient.key));
  const full = max !== undefined && selected.length >= max;
  const options: Recipient[] = (results.data?.ranked_recipients ?? []).flatMap((entry): Recipient[] => {
    if (entry.user && !exclude.includes(entry.user.pk)) return [{ kind: 'user', key: `u${entry.user.pk}`, user: entry.user }];
    if (entry.thread) return [{ kind: 'thread', key: `t${entry.thread.thread_id}`, threadId: entry.thread.thread_id, title: entry.thread.thread_title, users: entry.thread.users }];
    return [];
  });
  const toggle = (recipient: Recipient) => {
    onChange(chosen.has(recipient.key) ? selected.filter((other) => other.key !== recipient.key) : [...selected, recipient]);
  };

  return (
    <div className={styles.picker}>
      <div className={styles.to}>
        <label htmlFor={inputId} className={styles.toLabel}>
          {t('direct.new.to')}
        </label>
        <div className={styles.chips}>
          {selected.map((recipient) => (
            <button key={recipient.key} type="button" className={styles.chip} aria-label={t('direct.new.remove', { name: recipientName(recipient) })} onClick={() => toggle(recipient)}>
              {recipientName(recipient)}
              <Icon name="close" size={12} strokeWidth={2.5} />
            </button>
          ))}
          <input
            ref={inputRef}
            id={inputId}
            className={styles.search}
            type="search"
            value={text}
            placeholder={t('direct.new.search')}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Backspace' && text === '' && selected.length > 0) onChange(selected.slice(0, -1));
            }}
          />
        </div>
      </div>
      {query === '' ? <h3 className={styles.sectionTitle}>{t('direct.new.suggested')}</h3> : null}
      <div className={styles.results}>
        {results.isPending ? (
          <div className={styles.state}>
            <Spinner size={24} label={t('app.loading')} />
          </div>
        ) : results.isError ? (
          <div className={styles.state}>
            <p>{t('direct.new.searchFailed')}</p>
            <Button variant="secondary" onClick={() => void results.refetch()}>
              {t('direct.retry')}
            </Button>
          </div>
        ) : options.length === 0 ? (
          <p className={styles.state}>{t('direct.new.noResults')}</p>
        ) : (
          <ul className={styles.list}>
            {options.map((recipient) => {
              const checked = chosen.has(recipient.key);
              return (
                <li key={recipient.key}>
                  <label className={styles.option}>
                    {recipient.kind === 'user' ? (
                      <Avatar src={recipient.user.profile_pic_url} alt="" size={44} />
                    ) : (
                      <ThreadAvatar thread={{ users: recipient.users, is_group: true, inviter: recipient.users[0] }} size={44} />
                    )}
                    <span className={styles.names}>
                      <span className={styles.primaryName}>{recipientName(recipient)}</span>
                      <span className={styles.secondaryName}>
                        {recipient.kind === 'user' ? recipient.user.full_name : recipient.users.map((user) => user.username).join(', ')}
                      </span>
                    </span>
                    <input type="checkbox" className={styles.check} checked={checked} disabled={!checked && full} onChange={() => toggle(recipient)} />
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
