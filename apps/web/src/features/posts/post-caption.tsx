import { useState } from 'react';
import { Link } from 'react-router';
import type { MediaNode } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { RichText } from './rich-text';
import styles from './post-card.module.css';

const LONG_CAPTION = 125;

export function captionOf(post: MediaNode): string {
  return post.edge_media_to_caption.edges[0]?.node.text ?? '';
}

/** The owner's name and caption; a long one is cut to two lines with a "more" button. */
export function PostCaption({ post }: { post: MediaNode }) {
  const t = useT();
  const text = captionOf(post);
  const long = text.length > LONG_CAPTION || text.split('\n').length > 2;
  const [expanded, setExpanded] = useState(false);
  if (!text) return null;
  const clamped = long && !expanded;
  return (
    <div className={styles.caption}>
      <p className={clamped ? styles.clamped : undefined}>
        <Link to={`/${post.owner.username}/`} className={styles.strongLink}>
          {post.owner.username}
        </Link>{' '}
        <span className={styles.captionText}>
          <RichText text={text} />
        </span>
      </p>
      {clamped ? (
        <button type="button" className={styles.more} onClick={() => setExpanded(true)}>
          {t('post.more')}
        </button>
      ) : null}
    </div>
  );
}
