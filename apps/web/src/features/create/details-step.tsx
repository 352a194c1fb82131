import { useId, useState } from 'react';
import { MAX_USERTAGS } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { CaptionField } from './caption-field';
import { isSharing, type CreationSession } from './creation-reducer';
import { dispatchCreation } from './creation-store';
import { AltTextField } from './details-fields';
import { LocationPicker } from './location-picker';
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
  const tagsId = useId();
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
        <CaptionField value={session.finalizedMedia.caption} disabled={busy} onChange={(text) => dispatchCreation({ type: 'caption', text })} />
        <LocationPicker
          value={session.finalizedMedia.geoTag}
          locationId={session.finalizedMedia.locationId}
          disabled={busy}
          onType={(text) => dispatchCreation({ type: 'location', text })}
          onPick={(place) => dispatchCreation({ type: 'place', ...place })}
        />
        <section className={styles.section} aria-labelledby={tagsId}>
          <h2 id={tagsId} className={styles.sectionTitle}>
            {t('create.tags.title')}
            <span className={styles.sectionMeta}>{t('create.tags.count', { count: item.usertags.length, max: MAX_USERTAGS })}</span>
          </h2>
          <p className={styles.sectionHint}>{!isImage ? t('create.tags.videos') : full ? t('create.tags.limit', { max: MAX_USERTAGS }) : t('create.tags.hint')}</p>
          {pending && isImage ? (
            <TagSearch key={`${item.key}-${pending.x}-${pending.y}`} spot={pending} onPick={(tag) => dispatchCreation({ type: 'addTag', tag })} onDone={() => setPending(null)} />
          ) : null}
        </section>
        <AltTextField value={item.customAccessibilityCaption} disabled={busy} onChange={(text) => dispatchCreation({ type: 'altText', text })} />
      </div>
    </div>
  );
}
