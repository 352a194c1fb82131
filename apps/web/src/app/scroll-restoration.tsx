import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { createScrollStore, scrollTargetFor } from '../lib/scroll-store';
import { localStore, STORAGE_KEYS } from '../lib/storage';
import { throttle } from '../lib/throttle';

const store = createScrollStore(localStore(), STORAGE_KEYS.scrollPositions);
const RETRY_DELAYS_MS = [50, 150, 400, 800];

/** Spec 000 §2: remembers the scroll position per path; restores it on back or when asked, else top. */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const pathRef = useRef(location.pathname);

  useEffect(() => {
    const save = throttle(() => store.save(pathRef.current, window.scrollY), 100);
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      save.cancel();
      window.removeEventListener('scroll', save);
    };
  }, []);

  useLayoutEffect(() => {
    pathRef.current = location.pathname;
    const target = scrollTargetFor(navigationType, location.state, store.get(location.pathname));
    window.scrollTo(0, target);
    if (target === 0) return;
    // The page may still be loading its data: try again a few times until it is tall enough.
    const timers = RETRY_DELAYS_MS.map((ms) =>
      setTimeout(() => {
        if (Math.abs(window.scrollY - target) > 2) window.scrollTo(0, target);
      }, ms),
    );
    const cancel = () => timers.forEach(clearTimeout);
    window.addEventListener('wheel', cancel, { once: true, passive: true });
    window.addEventListener('touchstart', cancel, { once: true, passive: true });
    return () => {
      cancel();
      window.removeEventListener('wheel', cancel);
      window.removeEventListener('touchstart', cancel);
    };
  }, [location.key, location.pathname, location.state, navigationType]);

  return null;
}
