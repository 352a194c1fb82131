import { useId, useState } from 'react';
import { MAX_USERTAGS } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { CaptionField } from './caption-field';
import { isSharing, type CreationSession } from './creation-reducer';
import { dispatchCreation } from './creation-store';
import { ItemStrip } from './item-strip';
import { ShareStatusPanel } from './share-status';
import { TagPhoto, type TagSpot } from './tag-photo';
import { TagSearch } from './tag-search';
import { VideoPreview } from './video-preview';
import styles from './details.module.css';
import stepStyles from './steps.module.css';

/** Step 4: caption, location, people tags and alt text; the Share button lives in the header. */
export function DetailsStep({ session, onRetry }: { session: CreationSession; onRetry: () => void }) {
  const t = useT();
  const locationId = useId();
  const altId = useId();
  const [pending, setPending] = useState<TagSpot | null>(null);
  const item = session.items[session.active];
  if (!item) return null;
  const busy = isSharing(session);
  const isImage = item.kind === 'image';
  const full = item.usertags.length >= MAX_USERTAGS;

  return (
    <div className={stepStyles.split}>
      <div className={stepStyles.media}>
        {isImage ? <TagPhoto item={item} aspect={session.aspect} pending={pending} onPlace={full ? () => undefined : setPending} disabled={busy} /> : <VideoPreview item={item} />}
      </div>
      <div className={stepStyles.side}>
        <ShareStatusPanel share={session.share} onRetry={onRetry} />
        <ItemStrip session={session} />
        <CaptionField value={session.finalizedMedia.caption} disabled={busy} />
        <div className={styles.field}>
          <label htmlFor={locationId} className="visually-hidden">
            {t('create.location.label')}
          </label>
          <input
            id={locationId}
            className={styles.input}
            placeholder={t('create.location.label')}
            value={session.finalizedMedia.geoTag}
            maxLength={100}
            disabled={busy}
            onChange={(event) => dispatchCreation({ type: 'location', text: event.currentTarget.value })}
          />
        </div>
        <section className={styles.section} aria-labelledby={`${locationId}-tags`}>
          <h2 id={`${locationId}-tags`} className={styles.sectionTitle}>
            {t('create.tags.title')}
            <span className={styles.sectionMeta}>{t('create.tags.count', { count: item.usertags.length, max: MAX_USERTAGS })}</span>
          </h2>
          <p className={styles.sectionHint}>{!isImage ? t('create.tags.videos') : full ? t('create.tags.limit', { max: MAX_USERTAGS }) : t('create.tags.hint')}</p>
          {pending && isImage ? <TagSearch key={`${item.key}-${pending.x}-${pending.y}`} spot={pending} onDone={() => setPending(null)} /> : null}
        </section>
        <section className={styles.section} aria-labelledby={`${altId}-title`}>
          <h2 id={`${altId}-title`} className={styles.sectionTitle}>
            {t('create.a11y.title')}
          </h2>
          <p id={`${altId}-hint`} className={styles.sectionHint}>
            {t('create.a11y.hint')}
          </p>
          <label htmlFor={altId} className="visually-hidden">
            {t('create.a11y.label')}
          </label>
          <input
            id={altId}
            className={styles.input}
            placeholder={t('create.a11y.label')}
            aria-describedby={`${altId}-hint`}
            value={item.customAccessibilityCaption}
            maxLength={200}
            disabled={busy}
            onChange={(event) => dispatchCreation({ type: 'altText', text: event.currentTarget.value })}
          />
        </section>
      </div>
    </div>
  );
}
