import { useId } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { ASPECTS, MAX_ZOOM, minScale, turnedSize, type AspectId } from './crop';
import type { CreationSession } from './creation-reducer';
import { dispatchCreation } from './creation-store';
import { CropStage } from './crop-stage';
import { FlowIcon } from './flow-icon';
import { ItemStrip } from './item-strip';
import { VideoPreview } from './video-preview';
import styles from './steps.module.css';

const ASPECT_IDS = Object.keys(ASPECTS) as AspectId[];

/** Step 2: aspect (for the whole post), zoom, move, mirror and rotate (per photo). */
export function CropStep({ session }: { session: CreationSession }) {
  const t = useT();
  const zoomId = useId();
  const item = session.items[session.active];
  if (!item) return null;
  const isImage = item.kind === 'image';
  const low = minScale(turnedSize(item.source, item.croppedImage.rotationAngle), ASPECTS[session.aspect]);

  return (
    <div className={styles.split}>
      <div className={styles.media}>{isImage ? <CropStage item={item} aspect={session.aspect} /> : <VideoPreview item={item} />}</div>
      <div className={styles.side}>
        <ItemStrip session={session} />
        {session.items.some((it) => it.kind === 'image') ? (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('create.crop.aspect')}</legend>
            <div className={styles.segmented}>
              {ASPECT_IDS.map((id) => (
                <label key={id} className={styles.segment}>
                  <input type="radio" name="aspect" value={id} checked={session.aspect === id} onChange={() => dispatchCreation({ type: 'aspect', aspect: id })} />
                  <span>{t(`create.crop.${id}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {isImage ? (
          <>
            <div className={styles.control}>
              <label htmlFor={zoomId} className={styles.legend}>
                {t('create.crop.zoom')}
              </label>
              <input
                id={zoomId}
                className={styles.range}
                type="range"
                min={low}
                max={low * MAX_ZOOM}
                step={(low * (MAX_ZOOM - 1)) / 100}
                value={item.croppedImage.scaleFactor}
                aria-valuetext={`${Math.round((item.croppedImage.scaleFactor / low) * 100)}%`}
                onChange={(event) => dispatchCreation({ type: 'zoom', scaleFactor: Number(event.currentTarget.value) })}
              />
            </div>
            <div className={styles.toolRow}>
              <button type="button" className={styles.tool} onClick={() => dispatchCreation({ type: 'rotate' })}>
                <FlowIcon name="rotate" size={20} />
                {t('create.crop.rotate')}
              </button>
              <button type="button" className={styles.tool} aria-pressed={item.croppedImage.mirrored} onClick={() => dispatchCreation({ type: 'mirror' })}>
                <FlowIcon name="mirror" size={20} />
                {t('create.crop.mirror')}
              </button>
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
