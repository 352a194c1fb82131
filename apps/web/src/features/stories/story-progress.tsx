import { useEffect, useRef, type RefObject } from 'react';
import styles from './story-frame.module.css';

interface StoryProgressProps {
  count: number;
  active: number;
  itemId: string;
  /** A video story's element: its segment follows the video's own clock. */
  video: RefObject<HTMLVideoElement | null> | null;
  /** How long a photo stays. */
  durationMs: number;
  paused: boolean;
  onDone: () => void;
}

/**
 * The segments over a story: the ones seen full, the one on screen filling, the ones to come
 * empty. A photo's segment is an animation of its duration; a video's reads the element's time, so
 * it waits while the video loads, stops when it is paused, and is full when the video ends (the
 * element's `ended` moves on).
 */
export function StoryProgress({ count, active, itemId, video, durationMs, paused, onDone }: StoryProgressProps) {
  return (
    <div className={styles.progress} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className={styles.segment}>
          {i < active ? <span className={`${styles.fill} ${styles.done}`} /> : null}
          {i === active && video ? <VideoFill key={itemId} video={video} /> : null}
          {i === active && !video ? (
            <span
              key={itemId}
              className={`${styles.fill} ${styles.running}`}
              data-segment="current"
              style={{ animationDuration: `${durationMs}ms`, animationPlayState: paused ? 'paused' : 'running' }}
              onAnimationEnd={onDone}
            />
          ) : null}
        </span>
      ))}
    </div>
  );
}

function VideoFill({ video }: { video: RefObject<HTMLVideoElement | null> }) {
  const fill = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let frame = 0;
    const draw = () => {
      const node = video.current;
      const duration = node?.duration ?? 0;
      if (node && fill.current && Number.isFinite(duration) && duration > 0) fill.current.style.transform = `scaleX(${Math.min(1, node.currentTime / duration)})`;
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [video]);
  return <span ref={fill} className={styles.fill} data-segment="current" style={{ transform: 'scaleX(0)' }} />;
}
