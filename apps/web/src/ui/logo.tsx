import { useId } from 'react';
import styles from './logo.module.css';

/** The wordmark; `label` is given when the logo stands alone (otherwise the link names it). */
export function Logo({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return (
    <span className={`${styles.logo} ${styles[size]}`} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <LogoMark className={styles.mark} />
      <span className={styles.word}>Shutter</span>
    </span>
  );
}

export function LogoMark({ className, size = 28 }: { className?: string; size?: number }) {
  // A unique id per instance: a gradient defined inside a hidden (display: none) copy would not paint.
  const gradientId = `logo-gradient-${useId().replace(/:/g, '')}`;
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#ff7a45" />
          <stop offset=".5" stopColor="#e0307a" />
          <stop offset="1" stopColor="#5b3fe4" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      {/* An aperture: the product's name, drawn. */}
      <g fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round">
        <circle cx="32" cy="32" r="20" />
        <path d="M36.62 24L48.1 43.88 M27.38 24L50.34 24 M22.76 32L34.24 12.12 M27.38 40L15.9 20.12 M36.62 40L13.66 40 M41.24 32L29.76 51.88" />
      </g>
    </svg>
  );
}
