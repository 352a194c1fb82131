import { useState } from 'react';
import styles from './avatar.module.css';

interface AvatarProps {
  src?: string | null;
  /** Alternative text; empty when a neighbouring text already names the person. */
  alt: string;
  size?: number;
  className?: string;
}

/** Round profile picture with a neutral silhouette when there is none or it fails to load. */
export function Avatar({ src, alt, size = 32, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (!src || failed) {
    return (
      <span className={`${styles.avatar} ${styles.placeholder} ${className ?? ''}`} style={style} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
        <svg viewBox="0 0 24 24" width={size * 0.62} height={size * 0.62} aria-hidden="true" focusable="false">
          <circle cx="12" cy="8.5" r="4.5" fill="currentColor" />
          <path d="M3 22c.6-4.8 4.4-7.5 9-7.5s8.4 2.7 9 7.5z" fill="currentColor" />
        </svg>
      </span>
    );
  }
  return (
    <img
      className={`${styles.avatar} ${className ?? ''}`}
      style={style}
      src={src}
      alt={alt}
      width={size}
      height={size}
      decoding="async"
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
