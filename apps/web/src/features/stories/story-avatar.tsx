import { useEffect, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ReelRing } from '@shutter/contract';
import { useSession } from '../../state/session';
import { useT } from '../../lib/i18n/i18n';
import { usePreloadScreen, type PreloadScreen } from '../../lib/screen-preload';
import { prepareReel } from '../../state/queries/story-reels';
import { Avatar } from '../../ui/avatar';
import { StoryRing } from '../../ui/story-ring';
import { reelLinkOf, ringLabelId, ringLayout, ringState, type RingVariant } from '../../ui/story-ring-state';
import styles from '../../ui/story-ring.module.css';

interface StoryAvatarProps {
  user: { id: string; username: string; profile_pic_url: string; reel?: ReelRing | null };
  size: number;
  /** A different picture than the summary's (the profile header's larger one). */
  src?: string;
  /** The picture's name when it has no ring; empty when a neighbouring text names the person. */
  alt?: string;
  /**
   * How the picture acts. A ringed one opens the reel, except with `none`, when it sits inside
   * another control (a search option, an inbox row) that only lets it draw the ring. Without a
   * ring: `profile` links to the profile as pictures did before rings (hidden from assistive
   * technology, the username beside it is the link); `reel` and `none` leave it a picture.
   */
  link?: 'profile' | 'reel' | 'none';
  variant?: RingVariant;
  className?: string;
  avatarClassName?: string;
  onNavigate?: () => void;
}

// The ring spins while the reel loads, but a slow network does not keep the viewer from opening.
const OPENING_WAIT_MAX_MS = 4_000;

/** What the viewer needs to open on a person's reel at once: its code, the reel's media and the first picture. */
function prepareOpening(preloadScreen: PreloadScreen, reelId: string): Promise<unknown> {
  const ready = Promise.allSettled([preloadScreen('Stories'), prepareReel(reelId)]);
  return Promise.race([ready, new Promise((resolve) => setTimeout(resolve, OPENING_WAIT_MAX_MS))]);
}

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A person's picture, with the story ring when they have a live story the viewer may see.
 * A ringed picture is its own link to their reel (logged in, remembering where it was opened
 * from), named for a screen reader by the ring's state; without a story it behaves as before.
 */
export function StoryAvatar({ user, size, src, alt = '', link = 'profile', variant, className, avatarClassName, onNavigate }: StoryAvatarProps) {
  const t = useT();
  const { viewer } = useSession();
  const preloadScreen = usePreloadScreen();
  const location = useLocation();
  const navigate = useNavigate();
  // Opened: the ring spins while the reel loads, until the viewer takes over.
  const [opening, setOpening] = useState(false);
  const here = useRef(location.key);
  useEffect(() => {
    here.current = location.key;
    setOpening(false);
  }, [location.key]);
  const state = ringState(user.reel, viewer?.id ?? null);
  const picture = src ?? user.profile_pic_url;
  if (state === 'none' || !user.reel) {
    const avatar = <Avatar src={picture} alt={alt} size={size} className={avatarClassName} />;
    if (link !== 'profile') return className ? <span className={className}>{avatar}</span> : avatar;
    return (
      <Link to={`/${user.username}/`} tabIndex={-1} aria-hidden="true" className={className} onClick={onNavigate}>
        {avatar}
      </Link>
    );
  }
  const label = t(ringLabelId(state), { username: user.username });
  if (link === 'none') {
    return (
      <StoryRing reel={user.reel} state={state} size={size} variant={variant} className={className}>
        <Avatar src={picture} alt={label} size={size} className={avatarClassName} />
      </StoryRing>
    );
  }
  const target = reelLinkOf(user.username, viewer !== null, location);
  return (
    <Link
      to={target.to}
      state={target.state}
      aria-label={label}
      className={`${styles.link} ${className ?? ''}`}
      style={{ '--ring-extent': `${ringLayout(size).padding + ringLayout(size).lineWidth}px` } as CSSProperties}
      aria-busy={opening || undefined}
      onClick={(event) => {
        // A new tab or window opens the address as it is.
        if (!isPlainClick(event)) return;
        event.preventDefault();
        if (opening || !user.reel) return;
        setOpening(true);
        const state = { ...target.state, reel: { id: user.reel.id, username: user.username } };
        const from = location.key;
        // Gone elsewhere meanwhile: the reel no longer opens over that.
        void prepareOpening(preloadScreen, user.reel.id).then(() => {
          if (here.current !== from) return;
          onNavigate?.();
          void navigate(target.to, { state });
        });
      }}
    >
      <StoryRing reel={user.reel} state={state} size={size} variant={variant} loading={opening}>
        <Avatar src={picture} alt="" size={size} className={avatarClassName} />
      </StoryRing>
    </Link>
  );
}
