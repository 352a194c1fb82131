import styles from './phone-mockup.module.css';

const TILES = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

/** The landing's hero: a phone drawn in CSS showing a feed of colourful photos (no image download). */
export function PhoneMockup({ label }: { label: string }) {
  return (
    <div className={styles.phone} role="img" aria-label={label}>
      <div className={styles.screen}>
        <div className={styles.topbar}>
          <span className={styles.word}>Shutter</span>
        </div>
        <div className={styles.stories}>
          {TILES.slice(0, 5).map((tile) => (
            <span key={tile} className={`${styles.ring} ${styles[tile]}`} />
          ))}
        </div>
        <div className={styles.post}>
          <div className={styles.postHeader}>
            <span className={`${styles.dot} ${styles.b}`} />
            <span className={styles.line} />
          </div>
          <div className={`${styles.photo} ${styles.a}`} />
          <div className={styles.actions}>
            <span className={styles.line} />
          </div>
        </div>
        <div className={styles.grid}>
          {TILES.map((tile) => (
            <span key={tile} className={`${styles.cell} ${styles[tile]}`} />
          ))}
        </div>
      </div>
    </div>
  );
}
