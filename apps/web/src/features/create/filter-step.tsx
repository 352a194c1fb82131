import { useId } from 'react';
import { useT } from '../../lib/i18n/i18n';
import type { CreationSession } from './creation-reducer';
import { dispatchCreation } from './creation-store';
import { CroppedCanvas, frameStyle } from './cropped-canvas';
import { FILTER_NAMES } from './filters';
import { ItemStrip } from './item-strip';
import { VideoPreview } from './video-preview';
import styles from './steps.module.css';

/** Step 3: a look per photo, each shown as a thumbnail of the crop, and its strength. */
export function FilterStep({ session }: { session: CreationSession }) {
  const t = useT();
  const strengthId = useId();
  const item = session.items[session.active];
  if (!item) return null;
  if (item.kind !== 'image') {
    return (
      <div className={styles.split}>
        <div className={styles.media}>
          <VideoPreview item={item} />
        </div>
        <div className={styles.side}>
          <ItemStrip session={session} />
        </div>
      </div>
    );
  }
  const { filter } = item;
  const filterLabel = t(`create.filter.${filter.name}`);

  return (
    <div className={styles.split}>
      <div className={styles.media}>
        <div className={styles.stage}>
          <div style={frameStyle(session.aspect)}>
            <CroppedCanvas item={item} aspect={session.aspect} filter={filter} className={styles.preview} label={t('create.filter.preview', { name: filterLabel })} />
          </div>
        </div>
      </div>
      <div className={styles.side}>
        <ItemStrip session={session} />
        <ul className={styles.filters} aria-label={t('create.filter.list')}>
          {FILTER_NAMES.map((name) => (
            <li key={name}>
              <button type="button" className={styles.filterButton} aria-pressed={filter.name === name} onClick={() => dispatchCreation({ type: 'filter', name })}>
                <CroppedCanvas item={item} aspect={session.aspect} filter={{ name, strength: 1 }} className={styles.thumb} />
                <span>{t(`create.filter.${name}`)}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className={styles.control}>
          <label htmlFor={strengthId} className={styles.legend}>
            {t('create.filter.strength')}
          </label>
          <div className={styles.rangeRow}>
            <input
              id={strengthId}
              className={styles.range}
              type="range"
              min={0}
              max={100}
              step={1}
              value={Math.round(filter.strength * 100)}
              disabled={filter.name === 'normal'}
              onChange={(event) => dispatchCreation({ type: 'strength', strength: Number(event.currentTarget.value) / 100 })}
            />
            <output htmlFor={strengthId} className={styles.rangeValue}>
              {Math.round(filter.strength * 100)}
            </output>
          </div>
        </div>
      </div>
    </div>
  );
}
