import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TrayReelResult } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Icon } from '../../ui/icon';
import { StoryRing } from '../../ui/story-ring';
import { ringState } from '../../ui/story-ring-state';
import { mutedReels, STORY_CREATE_PATH, useStoryTray } from '../../state/queries/story-reels';
import { useSession } from '../../state/session';
import { takeReturnFocus } from './return-focus';
import styles from './story-tray.module.css';

const AVATAR = 56;

/** A tray avatar in the app's story ring: gradient while unseen, grey once seen, green for close friends' stories. */
function RingedAvatar({ reel, viewerId, src }: { reel: TrayReelResult; viewerId: string; src: string }) {
  const state = ringState(reel, viewerId);
  if (state === 'none') return <Avatar src={src} alt="" size={AVATAR} />;
  return (
    <StoryRing reel={reel} state={state} size={AVATAR}>
      <Avatar src={src} alt="" size={AVATAR} />
    </StoryRing>
  );
}

/**
 * The stories tray at the top of the home feed: the viewer's own story first (or a way to add
 * one), then the reels of the people they follow, unseen first. It scrolls sideways, with arrow
 * buttons on wide screens.
 */
export function StoryTray() {
  const t = useT();
  const { viewer } = useSession();
  const tray = useStoryTray(!!viewer);
  const scroller = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = () => {
    const node = scroller.current;
    if (!node) return;
    setEdges({ start: node.scrollLeft <= 4, end: node.scrollLeft + node.clientWidth >= node.scrollWidth - 4 });
  };
  useEffect(measure, [tray.data]);
  // Back from the viewer: focus returns to the reel it was opened from.
  useEffect(() => {
    const reelId = tray.data ? takeReturnFocus() : null;
    if (reelId) scroller.current?.querySelector<HTMLElement>(`[data-reel="${CSS.escape(reelId)}"]`)?.focus();
  }, [tray.data]);
  if (!viewer) return null;

  const muted = mutedReels();
  const reels = tray.data ?? [];
  const own = reels.find((reel) => reel.id === viewer.id) ?? null;
  const others = reels.filter((reel) => reel.id !== viewer.id);
  const ordered = [...others.filter((reel) => !muted.includes(reel.id)), ...others.filter((reel) => muted.includes(reel.id))];
  const scrollBy = (direction: 1 | -1) =>
    scroller.current?.scrollBy({ left: direction * scroller.current.clientWidth * 0.8, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  const from = { from: '/', fromTray: true };

  return (
    <nav className={styles.tray} aria-label={t('stories.tray.label')} aria-busy={tray.isPending || undefined}>
      {!edges.start ? (
        <button type="button" className={`${styles.arrow} ${styles.back}`} onClick={() => scrollBy(-1)} aria-label={t('stories.tray.scrollBack')} tabIndex={-1}>
          <Icon name="chevronLeft" size={16} />
        </button>
      ) : null}
      <ul className={styles.list} ref={scroller} onScroll={measure}>
        <li className={`${styles.item} ${styles.own}`}>
          {own ? (
            <>
              <Link to={`/stories/${viewer.username}/`} state={from} className={styles.link} data-reel={own.id} aria-label={t('stories.tray.openOwn')}>
                <RingedAvatar reel={own} viewerId={viewer.id} src={viewer.profile_pic_url} />
                <span className={styles.name}>{t('stories.tray.yourStory')}</span>
              </Link>
              {/* A second story: the badge is a control of its own beside the picture, which opens the first. */}
              <Link to={STORY_CREATE_PATH} className={`${styles.plus} ${styles.addBadge}`} aria-label={t('stories.tray.addStory')}>
                <Icon name="plus" size={12} strokeWidth={3} />
              </Link>
            </>
          ) : (
            <Link to={STORY_CREATE_PATH} className={styles.link} aria-label={t('stories.tray.addStory')}>
              <span className={`${styles.ring} ${styles.none}`}>
                <Avatar src={viewer.profile_pic_url} alt="" size={AVATAR} />
                <span className={styles.plus} aria-hidden="true">
                  <Icon name="plus" size={12} strokeWidth={3} />
                </span>
              </span>
              <span className={styles.name}>{t('stories.tray.yourStory')}</span>
            </Link>
          )}
        </li>
        {tray.isPending
          ? Array.from({ length: 6 }, (_, i) => (
              <li key={`s${i}`} className={styles.item} aria-hidden="true">
                <span className={styles.skeletonAvatar} />
                <span className={styles.skeletonName} />
              </li>
            ))
          : ordered.map((reel) => {
              const isMuted = muted.includes(reel.id);
              const unseen = reel.seen < reel.latest_reel_media;
              const label = isMuted ? 'stories.tray.muted' : unseen ? 'stories.tray.openUnseen' : 'stories.tray.open';
              return (
                <li key={reel.id} className={`${styles.item} ${isMuted ? styles.muted : ''}`}>
                  <Link to={`/stories/${reel.owner.username}/`} state={from} className={styles.link} data-reel={reel.id} aria-label={t(label, { username: reel.owner.username })}>
                    <RingedAvatar reel={reel} viewerId={viewer.id} src={reel.owner.profile_pic_url} />
                    <span className={styles.name}>{reel.owner.username}</span>
                  </Link>
                </li>
              );
            })}
      </ul>
      {!edges.end ? (
        <button type="button" className={`${styles.arrow} ${styles.on}`} onClick={() => scrollBy(1)} aria-label={t('stories.tray.scrollOn')} tabIndex={-1}>
          <Icon name="chevronRight" size={16} />
        </button>
      ) : null}
      {tray.isPending ? <span className="visually-hidden" role="status">{t('stories.tray.loading')}</span> : null}
    </nav>
  );
}
