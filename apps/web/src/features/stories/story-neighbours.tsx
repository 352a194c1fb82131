import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import type { ViewerState } from './viewer-reducer';
import styles from './story-viewer.module.css';

/** On wide screens, the reels before and after the one on screen, shrunk at its sides; a click opens one. */
export function StoryNeighbours({ state, side, onOpen }: { state: ViewerState; side: 'before' | 'after'; onOpen: (index: number) => void }) {
  const t = useT();
  const indices = side === 'before' ? [state.reelIndex - 2, state.reelIndex - 1] : [state.reelIndex + 1, state.reelIndex + 2];
  return (
    <div className={`${styles.neighbours} ${side === 'before' ? styles.before : styles.after}`}>
      {indices.map((index) => {
        const id = state.reelIds[index];
        const reel = id ? state.reels[id] : undefined;
        if (!reel || reel.items.length === 0) return <span key={index} className={styles.neighbourGap} />;
        const cover = reel.cover_url ?? reel.items.find((item) => item.taken_at_timestamp > reel.seen)?.display_url ?? reel.items[0]!.display_url;
        const name = reel.owner?.username ?? reel.title ?? '';
        return (
          <button key={reel.id} type="button" className={styles.neighbour} onClick={() => onOpen(index)} aria-label={t('stories.viewer.openReel', { name })}>
            <img className={styles.neighbourCover} src={cover} alt="" />
            <span className={styles.neighbourOwner}>
              <Avatar src={reel.owner?.profile_pic_url} alt="" size={56} />
              <span className={styles.neighbourName}>{name}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
