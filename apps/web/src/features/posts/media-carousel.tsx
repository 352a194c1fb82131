import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import styles from './media.module.css';

/**
 * A sidecar's slides on a scroll-snap track: touch swipes come free; Previous and Next buttons and
 * the arrow keys (with the carousel focused) move one slide.
 */
export function MediaCarousel({ count, renderSlide }: { count: number; renderSlide: (index: number, current: boolean) => ReactNode }) {
  const t = useT();
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  const go = (next: number) => {
    const track = trackRef.current;
    const target = Math.max(0, Math.min(count - 1, next));
    setIndex(target);
    track?.scrollTo({ left: target * track.clientWidth, behavior: 'smooth' });
  };
  // Hidden slides are inert: their controls (a video's mute button) leave the tab order.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };
  const onScroll = () => {
    const track = trackRef.current;
    if (!track || !track.clientWidth) return;
    const current = Math.round(track.scrollLeft / track.clientWidth);
    if (current !== index) setIndex(current);
  };

  return (
    <div className={styles.carousel}>
      <div
        ref={trackRef}
        className={styles.track}
        onScroll={onScroll}
        role="group"
        aria-roledescription={t('post.carousel')}
        aria-label={t('post.slideOf', { n: index + 1, total: count })}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className={styles.slide} role="group" aria-roledescription={t('post.slide')} aria-label={t('post.slideOf', { n: i + 1, total: count })} inert={i !== index}>
            {renderSlide(i, i === index)}
          </div>
        ))}
      </div>
      {index > 0 ? (
        <button type="button" className={`${styles.arrow} ${styles.arrowPrev}`} aria-label={t('post.previous')} onClick={() => go(index - 1)}>
          <Icon name="chevronLeft" size={18} strokeWidth={2.5} />
        </button>
      ) : null}
      {index < count - 1 ? (
        <button type="button" className={`${styles.arrow} ${styles.arrowNext}`} aria-label={t('post.next')} onClick={() => go(index + 1)}>
          <Icon name="chevronRight" size={18} strokeWidth={2.5} />
        </button>
      ) : null}
      <div className={styles.dots} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <span key={i} className={`${styles.dot} ${i === index ? styles.dotActive : ''}`} />
        ))}
      </div>
    </div>
  );
}
