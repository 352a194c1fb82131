import { useEffect, useRef, useState } from 'react';

/**
 * Infinite scroll: calls `onVisible` when the returned ref's element comes within `rootMargin` of
 * the viewport. A visible "Load more" button stays as the fallback for keyboards and browsers
 * without IntersectionObserver. A callback ref, so an element that mounts later is still watched.
 */
export function useSentinel<T extends HTMLElement>(onVisible: () => void, enabled: boolean, rootMargin = '800px') {
  const [node, setNode] = useState<T | null>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) callback.current();
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, enabled, rootMargin]);
  return setNode;
}
