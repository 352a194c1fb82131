import { useT } from '../../lib/i18n/i18n';
import type { CreationSession } from './creation-reducer';
import { dispatchCreation } from './creation-store';
import styles from './steps.module.css';

/** A carousel's files as small buttons; the pressed one is the file being edited. */
export function ItemStrip({ session }: { session: CreationSession }) {
  const t = useT();
  if (session.items.length < 2) return null;
  return (
    <ul className={styles.strip} aria-label={t('create.items')}>
      {session.items.map((item, index) => (
        <li key={item.key}>
          <button
            type="button"
            className={styles.stripItem}
            aria-pressed={index === session.active}
            aria-label={t('create.item', { index: index + 1, count: session.items.length })}
            onClick={() => dispatchCreation({ type: 'select', index })}
          >
            {item.kind === 'image' ? <img src={item.source.url} alt="" /> : <video src={item.source.url} muted preload="metadata" aria-hidden="true" />}
          </button>
        </li>
      ))}
    </ul>
  );
}
