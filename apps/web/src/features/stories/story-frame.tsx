import { useEffect, useRef, useState, type Dispatch } from 'react';
import { Link } from 'react-router';
import { STORY_PHOTO_DURATION_MS, type ReelResult, type StoryItemResult } from '@shutter/contract';
import { useI18n } from '../../lib/i18n/i18n';
import { formatRelativeTime } from '../../lib/relative-time';
import { Avatar } from '../../ui/avatar';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { useSession } from '../../state/session';
import { StoryFooter } from './story-footer';
import { StoryMenu } from './story-menu';
import { StoryProgress } from './story-progress';
import { StoryStickers } from './story-stickers';
import { isBuffering, isPaused, segments, type ViewerAction, type ViewerState } from './viewer-reducer';
import styles from './story-frame.module.css';

/** A press held this long pauses instead of moving on. */
const HOLD_MS = 200;
/** A drag this long sideways moves between reels; down, closes. */
const SWIPE_PX = 40;

interface StoryFrameProps {
  state: ViewerState;
  reel: ReelResult;
  item: StoryItemResult;
  dispatch: Dispatch<ViewerAction>;
  onClose: () => void;
  phone: boolean;
}

/** One story on screen: its progress, header, picture or video, tap areas, stickers and footer. */
export function StoryFrame({ state, reel, item, dispatch, onClose, phone }: StoryFrameProps) {
  const { t, locale } = useI18n();
  const { viewer } = useSession();
  const paused = isPaused(state);
  const buffering = isBuffering(state);
  const video = useRef<HTMLVideoElement>(null);
  const press = useRef<{ x: number; y: number; timer: number; held: boolean } | null>(null);
  const suppressClick = useRef(false);
  const [hydratedNow] = useState(() => Date.now());
  const { count, active } = segments(state);
  const isOwner = !!viewer && item.owner.id === viewer.id;

  // Only a pause stops the element; a video waiting for data keeps loading and playing.
  useEffect(() => {
    const node = video.current;
    if (!node) return;
    if (paused) node.pause();
    else
      void node.play().catch((error: unknown) => {
        // The browser would not start it on its own: show Play, which starts it from a tap.
        if (error instanceof DOMException && error.name === 'NotAllowedError') dispatch({ type: 'pause', reason: 'key', on: true });
      });
  }, [paused, item.id, dispatch]);

  const onPointerDown = (event: React.PointerEvent) => {
    if (event.button !== 0) return;
    const timer = window.setTimeout(() => {
      if (press.current) press.current.held = true;
      dispatch({ type: 'pause', reason: 'hold', on: true });
    }, HOLD_MS);
    press.current = { x: event.clientX, y: event.clientY, timer, held: false };
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const started = press.current;
    press.current = null;
    if (!started) return;
    window.clearTimeout(started.timer);
    const dx = event.clientX - started.x;
    const dy = event.clientY - started.y;
    suppressClick.current = started.held || Math.abs(dx) > SWIPE_PX || dy > SWIPE_PX * 2;
    if (started.held) dispatch({ type: 'pause', reason: 'hold', on: false });
    else if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) dispatch({ type: dx < 0 ? 'nextReel' : 'previousReel' });
    else if (dy > SWIPE_PX * 2) onClose();
  };
  const onPointerCancel = () => {
    if (press.current?.held) dispatch({ type: 'pause', reason: 'hold', on: false });
    if (press.current) window.clearTimeout(press.current.timer);
    press.current = null;
  };
  const tap = (type: 'next' | 'previous') => () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    dispatch({ type });
  };

  const alt = t(item.is_video ? 'stories.viewer.videoAlt' : 'stories.viewer.photoAlt', { username: item.owner.username });
  return (
    <div className={`${styles.frame} ${phone ? styles.phone : ''}`}>
      <div className={styles.media}>
        {item.is_video ? (
          <video
            key={item.id}
            ref={video}
            className={styles.picture}
            src={item.video_resources[0]?.src}
            poster={item.display_url}
            autoPlay
            playsInline
            muted={!state.soundOn}
            aria-label={alt}
            onLoadStart={() => dispatch({ type: 'buffering', itemId: item.id, on: true })}
            onWaiting={() => dispatch({ type: 'buffering', itemId: item.id, on: true })}
            onCanPlay={() => dispatch({ type: 'buffering', itemId: item.id, on: false })}
            onPlaying={() => dispatch({ type: 'buffering', itemId: item.id, on: false })}
            onEnded={() => dispatch({ type: 'next' })}
            onError={() => dispatch({ type: 'itemInvalid', itemId: item.id })}
          />
        ) : (
          <img key={item.id} className={styles.picture} src={item.display_url} alt={alt} onError={() => dispatch({ type: 'itemInvalid', itemId: item.id })} />
        )}
        {item.is_video && buffering ? <Spinner size={36} className={styles.buffering} /> : null}
      </div>
      <div className={styles.zones} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={onPointerCancel} onContextMenu={(event) => event.preventDefault()}>
        <button type="button" className={styles.zone} aria-label={t('stories.viewer.previous')} onClick={tap('previous')} />
        <button type="button" className={styles.zone} aria-label={t('stories.viewer.next')} onClick={tap('next')} />
      </div>
      <StoryStickers item={item} />
      <div className={styles.top}>
        <StoryProgress
          count={count}
          active={active}
          itemId={item.id}
          video={item.is_video ? video : null}
          durationMs={STORY_PHOTO_DURATION_MS}
          paused={paused}
          onDone={() => dispatch({ type: 'next' })}
        />
        <div className={styles.header}>
          <Link to={`/${item.owner.username}/`} className={styles.owner}>
            <Avatar src={item.owner.profile_pic_url} alt="" size={32} />
            <span className={styles.username}>{reel.reel_type === 'highlight_reel' && reel.title ? reel.title : item.owner.username}</span>
          </Link>
          {reel.reel_type === 'tag_reel' || reel.reel_type === 'location_reel' ? <span className={styles.username}>{reel.title}</span> : null}
          <time className={styles.time} dateTime={new Date(item.taken_at_timestamp * 1000).toISOString()}>
            {formatRelativeTime(item.taken_at_timestamp, locale, hydratedNow)}
          </time>
          {item.audience === 'besties' ? <span className={styles.besties}>{t('stories.viewer.closeFriends')}</span> : null}
          <span className={styles.controls}>
            <button type="button" className={styles.control} onClick={() => dispatch({ type: 'togglePlay' })} aria-label={paused ? t('stories.viewer.play') : t('stories.viewer.pause')}>
              <Icon name={paused ? 'play' : 'pause'} size={20} filled />
            </button>
            {item.is_video ? (
              <button type="button" className={styles.control} onClick={() => dispatch({ type: 'toggleSound' })} aria-label={state.soundOn ? t('stories.viewer.soundOff') : t('stories.viewer.soundOn')}>
                <Icon name={state.soundOn ? 'volume' : 'volumeOff'} size={20} />
              </button>
            ) : null}
            <StoryMenu reel={reel} item={item} isOwner={isOwner} dispatch={dispatch} />
            {phone ? (
              <button type="button" className={styles.control} onClick={onClose} aria-label={t('stories.viewer.close')}>
                <Icon name="close" size={24} />
              </button>
            ) : null}
          </span>
        </div>
      </div>
      <StoryFooter reel={reel} item={item} isOwner={isOwner} dispatch={dispatch} />
    </div>
  );
}
