import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ArchivedStoryResult } from '@shutter/contract';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { useSentinel } from '../../lib/use-sentinel';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { SettingsLayout } from '../accounts/settings-layout';
import { useSession } from '../../state/session';
import { useStoryArchive } from '../../state/queries/highlights';
import { StoryPicker } from './highlight-form';
import { NewHighlightDialog } from './new-highlight-dialog';
import styles from './highlights.module.css';

/** The archive's stories by the day they were posted, newest day first. */
function byDay(stories: ArchivedStoryResult[]): { day: string; stories: ArchivedStoryResult[] }[] {
  const out: { day: string; stories: ArchivedStoryResult[] }[] = [];
  for (const story of stories) {
    const d = new Date(story.taken_at_timestamp * 1000);
    const day = `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
    const last = out[out.length - 1];
    if (last?.day === day) last.stories.push(story);
    else out.push({ day, stories: [story] });
  }
  return out;
}

/** `/archive/stories/`: the viewer's stories, live and expired; choose some to make a highlight. */
export function StoryArchivePage() {
  const { t, locale } = useI18n();
  useDocumentTitle(t('highlights.archiveTitle'));
  const navigate = useNavigate();
  const { viewer } = useSession();
  const query = useStoryArchive(!!viewer);
  const stories = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const [selected, setSelected] = useState<string[]>([]);
  const [naming, setNaming] = useState(false);
  const more = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  const sentinel = useSentinel<HTMLDivElement>(more, !!query.hasNextPage);
  const dayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });
  const toggle = (story: ArchivedStoryResult) =>
    setSelected((ids) => (ids.includes(story.id) ? ids.filter((id) => id !== story.id) : [...ids, story.id]));
  const chosen = selected.map((id) => stories.find((s) => s.id === id)).filter((s): s is ArchivedStoryResult => !!s);

  let body;
  if (query.isError && stories.length === 0) {
    body = (
      <EmptyState icon="alert" title={t('app.error.title')} body={t('app.error.body')}>
        <Button onClick={() => void query.refetch()}>{t('app.error.retry')}</Button>
      </EmptyState>
    );
  } else if (!query.data) {
    body = (
      <div className={styles.state}>
        <Spinner size={32} label={t('app.loading')} />
      </div>
    );
  } else if (stories.length === 0) {
    body = <EmptyState icon="clock" title={t('highlights.archiveEmpty')} body={t('highlights.archiveEmptyBody')} />;
  } else {
    body = (
      <>
        <p className={styles.intro}>{t('highlights.archiveIntro')}</p>
        {byDay(stories).map((group) => (
          <section key={group.day} className={styles.day} aria-label={dayFormat.format(new Date(group.stories[0]!.taken_at_timestamp * 1000))}>
            <h2 className={styles.dayTitle}>{dayFormat.format(new Date(group.stories[0]!.taken_at_timestamp * 1000))}</h2>
            <StoryPicker stories={group.stories} selected={new Set(selected)} onToggle={toggle} />
          </section>
        ))}
        {query.hasNextPage ? (
          <div ref={sentinel} className={styles.state}>
            <Button variant="secondary" busy={query.isFetchingNextPage} onClick={more}>
              {t('highlights.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <SettingsLayout title={t('highlights.archiveTitle')}>
      <div className={styles.page}>
        {body}
        {stories.length > 0 ? (
          <div className={styles.selectionBar}>
            <span aria-live="polite">{selected.length > 0 ? t('highlights.selected', { count: selected.length }) : t('highlights.selectHint')}</span>
            <Button disabled={selected.length === 0} onClick={() => setNaming(true)}>
              {t('highlights.newHighlight')}
            </Button>
          </div>
        ) : null}
      </div>
      {naming && viewer ? (
        <NewHighlightDialog
          ownerId={viewer.id}
          stories={chosen}
          onClose={() => setNaming(false)}
          onCreated={() => {
            setNaming(false);
            setSelected([]);
            void navigate(`/${viewer.username}/`);
          }}
        />
      ) : null}
    </SettingsLayout>
  );
}
