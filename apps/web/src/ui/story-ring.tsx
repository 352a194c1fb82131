import { useEffect, useId, useLayoutEffect, useState, type CSSProperties, type ReactNode } from 'react';
import type { ReelRing } from '@shutter/contract';
import { createIntroTracker, ringLayout, type RingState, type RingVariant } from './story-ring-state';
import styles from './story-ring.module.css';

const GRADIENTS: Record<'classic' | 'rainbow', string[]> = {
  // The warm gradient of an unseen story, from the bottom left: yellow, orange, pink, purple.
  classic: ['#feda75', '#fa7e1e', '#d62976', '#962fbf'],
  rainbow: ['#ff3b30', '#ff9500', '#ffcc00', '#34c759', '#007aff', '#af52de'],
};
const BESTIES = '#1cd14f';

const seenIntros = createIntroTracker();
// Layout effects do not run on the server; the intro is the client's alone.
const useClientLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

interface StoryRingProps {
  reel: ReelRing;
  state: Exclude<RingState, 'none'>;
  /** The picture's size inside the ring. */
  size: number;
  variant?: RingVariant;
  /** The reel is loading: the segmented ring spins. */
  loading?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The ring around a picture of someone with a live story: the warm gradient while unseen, grey
 * once seen, green for a close friends' story, or a rainbow. Thirty segments spin while the reel
 * loads; an unseen ring's first appearance turns once as they close into a full ring.
 */
export function StoryRing({ reel, state, size, variant = 'classic', loading = false, className, children }: StoryRingProps) {
  const gradientId = useId();
  const layout = ringLayout(size);
  const [intro, setIntro] = useState(false);
  useClientLayoutEffect(() => {
    if (seenIntros(reel, state, window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false)) setIntro(true);
  }, [reel, state]);
  const colors = GRADIENTS[variant];
  const stroke = state === 'seen' ? undefined : state === 'besties' ? BESTIES : `url(#${svgId(gradientId)})`;
  // The ring is drawn around the picture's own box, so a ringed picture takes the place of a plain one.
  const extent = layout.padding + layout.lineWidth;
  const style = { width: layout.outer, height: layout.outer, margin: -extent, '--ring-dash-open': layout.dashOpen, '--ring-dash-closed': layout.dashClosed } as CSSProperties;
  const c = layout.outer / 2;
  return (
    <span
      className={`${styles.ring} ${state === 'seen' ? styles.seen : ''} ${loading ? styles.loading : intro ? styles.intro : ''} ${className ?? ''}`}
      style={style}
      data-ring={state}
      data-loading={loading || undefined}
      onAnimationEnd={() => setIntro(false)}
    >
      <svg width={layout.outer} height={layout.outer} viewBox={`0 0 ${layout.outer} ${layout.outer}`} aria-hidden="true" focusable="false">
        {state === 'unseen' ? (
          <defs>
            <linearGradient id={svgId(gradientId)} x1="0%" y1="100%" x2="100%" y2="0%">
              {colors.map((color, i) => (
                <stop key={color} offset={`${(i / (colors.length - 1)) * 100}%`} stopColor={color} />
              ))}
            </linearGradient>
          </defs>
        ) : null}
        <circle className={styles.circle} cx={c} cy={c} r={layout.radius} fill="none" stroke={stroke} strokeWidth={layout.lineWidth} />
      </svg>
      {children}
    </span>
  );
}

/** useId's ids carry colons, which a url(#...) reference does not accept unescaped. */
function svgId(id: string): string {
  return `ring${id.replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
