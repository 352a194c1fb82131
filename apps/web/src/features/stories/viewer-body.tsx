import type { Dispatch } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Spinner } from '../../ui/spinner';
import { fetchReelsMedia } from '../../state/queries/story-reels';
import { StoryFrame } from './story-frame';
import { batchOf, batchReelIds, currentItem, currentReel, type ViewerAction, type ViewerState } from './viewer-reducer';
import styles from './story-viewer.module.css';

interface ViewerBodyProps {
  state: ViewerState;
  dispatch: Dispatch<ViewerAction>;
  /** Nothing was ever shown and nothing is left: the story is gone or not for this viewer. */
  unavailable: boolean;
  signedIn: boolean;
  onClose: () => void;
  phone: boolean;
}

/** What the frame's slot shows: the item on screen, or why there is none yet. */
export function ViewerBody({ state, dispatch, unavailable, signedIn, onClose, phone }: ViewerBodyProps) {
  const t = useT();
  const [reel, item] = [currentReel(state), currentItem(state)];
  const batchState = state.batches[batchOf(state.reelIndex)];
  if (unavailable && signedIn) {
    return (
      <div className={styles.message}>
        <h2>{t('stories.viewer.unavailable')}</h2>
        <p>{t('stories.viewer.unavailableBody')}</p>
      </div>
    );
  }
  if (reel && item) return <StoryFrame state={state} reel={reel} item={item} dispatch={dispatch} onClose={onClose} phone={phone} />;
  if (batchState === 'failed') {
    return (
      <div className={styles.message}>
        <p>{t('stories.viewer.loadFailed')}</p>
        <RetryBatch state={state} onRetry={(index, reels) => dispatch({ type: 'batchLoaded', index, reels })} onFail={(index) => dispatch({ type: 'batchFailed', index })} />
      </div>
    );
  }
  return (
    <div className={styles.loading}>
      <Spinner label={t('stories.viewer.loading')} />
    </div>
  );
}

/** Asks for the failed batch of the reel on screen again. */
function RetryBatch({ state, onRetry, onFail }: { state: ViewerState; onRetry: (index: number, reels: Awaited<ReturnType<typeof fetchReelsMedia>>) => void; onFail: (index: number) => void }) {
  const t = useT();
  const index = batchOf(state.reelIndex);
  return (
    <button
      type="button"
      className={styles.retry}
      onClick={() => fetchReelsMedia(batchReelIds(state, index)).then((reels) => onRetry(index, reels), () => onFail(index))}
    >
      {t('stories.viewer.retry')}
    </button>
  );
}
