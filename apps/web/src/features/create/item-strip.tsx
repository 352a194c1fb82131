import { useT } from '../../lib/i18n/i18n';
import type { CreationSession } from './creation-reducer';
import { dispatchCreation } from './creation-store';
import styles from './steps.module.css';

export interface Thumb {
  key: string;
  kind: 'image' | 'video';
  src: string;
}

/** A carousel's items as small buttons; the pressed one is the item being edited. */
export function ThumbStrip({ thumbs, active, onSelect }: { thumbs: Thumb[]; active: number; onSelect: (index: number) => void }) {
  const t = useT();
  if (thumbs.length < 2) return null;
  return (
    <ul className={styles.strip} aria-label={t('create.items')}>
      {thumbs.map((thumb, index) => (
        <li key={thumb.key}>
          <button
            type="button"
            className={styles.stripItem}
            aria-pressed={index === active}
            aria-label={t('create.item', { index: index + 1, count: thumbs.length })}
            onClick={() => onSelect(index)}
          >
            {thumb.kind === 'image' ? <img src={thumb.src} alt="" /> : <video src={thumb.src} muted preload="metadata" aria-hidden="true" />}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The creation session's files as a ThumbStrip. */
export function ItemStrip({ session }: { session: CreationSession }) {
  const thumbs = session.items.map((item) => ({ key: item.key, kind: item.kind, src: item.source.url }));
  return <ThumbStrip thumbs={thumbs} active={session.active} onSelect={(index) => dispatchCreation({ type: 'select', index })} />;
}
