import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import type { MediaItem } from '@shutter/contract';
import { useDataSaver } from '../../lib/data-saver';
import { useT } from '../../lib/i18n/i18n';
import { useImageFade } from '../../lib/use-image-fade';
import { bestSource, srcSetOf } from '../../lib/media-sources';
import { Icon } from '../../ui/icon';
import styles from './media.module.css';

/** Like Instagram: frames are kept between 4:5 (portrait) and 1.91:1 (landscape); the rest is cropped. */
export function frameRatio(item: Pick<MediaItem, 'dimensions'>): number {
  const { width, height } = item.dimensions;
  if (!width || !height) return 1;
  return Math.min(1.91, Math.max(0.8, width / height));
}

interface MediaItemProps {
  item: Omit<MediaItem, '__typename'>;
  alt: string;
  sizes: string;
  ratio: number;
  /** The first post of a list loads eagerly (it is the largest paint). */
  priority?: boolean;
}

function MediaImage({ item, alt, sizes, ratio, priority }: MediaItemProps) {
  const { config } = useDataSaver();
  const fade = useImageFade(item.thumbhash);
  const style: CSSProperties = { aspectRatio: ratio, backgroundImage: fade.placeholder ? `url(${fade.placeholder})` : undefined };
  return (
    <div className={styles.frame} style={style}>
      <img
        // The first post's photo shows as it arrives (progressively) rather than fading in at the end.
        className={`${styles.image} ${fade.shown || priority ? styles.loaded : ''}`}
        src={bestSource(item.display_resources, config.imageResolution, item.display_url)}
        srcSet={srcSetOf(item.display_resources, config.imageResolution) || undefined}
        sizes={sizes}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        draggable={false}
        onLoad={fade.onLoad}
      />
    </div>
  );
}

/** Plays while at least half visible when autoplay is on (data saver off); paused otherwise. */
function useVisibilityPlayback(ref: RefObject<HTMLVideoElement | null>, autoPlay: boolean) {
  useEffect(() => {
    const video = ref.current;
    if (!video || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && autoPlay) video.play().catch(() => undefined);
        else if (!entry?.isIntersecting) video.pause();
      },
      { threshold: 0.5 },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [ref, autoPlay]);
}

function MediaVideo({ item, alt, ratio }: MediaItemProps) {
  const t = useT();
  const { config } = useDataSaver();
  const ref = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(false);
  useVisibilityPlayback(ref, config.autoPlay);
  const poster = bestSource(item.display_resources, config.imageResolution, item.display_url);
  if (!item.video_url) {
    return (
      <div className={styles.frame} style={{ aspectRatio: ratio }}>
        {poster ? <img className={`${styles.image} ${styles.loaded}`} src={poster} alt={alt} /> : null}
        <span className={styles.processing}>{t('post.processing')}</span>
      </div>
    );
  }
  return (
    <div className={styles.frame} style={{ aspectRatio: ratio }}>
      <video
        ref={ref}
        className={styles.video}
        src={item.video_url}
        poster={poster || undefined}
        muted={muted}
        playsInline
        loop
        preload={config.preload}
        aria-label={alt}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      {!playing && !config.autoPlay ? (
        <button type="button" className={styles.play} aria-label={t('post.playVideo')} onClick={() => void ref.current?.play().catch(() => undefined)}>
          <Icon name="play" size={36} filled />
        </button>
      ) : null}
      <button type="button" className={styles.mute} aria-label={muted ? t('post.unmute') : t('post.mute')} onClick={() => setMuted((m) => !m)}>
        <Icon name={muted ? 'volumeOff' : 'volume'} size={14} />
      </button>
    </div>
  );
}

/** One photo (srcset, thumbhash placeholder) or video (autoplay per the data saver). */
export function MediaItemView(props: MediaItemProps) {
  return props.item.is_video ? <MediaVideo {...props} /> : <MediaImage {...props} />;
}
