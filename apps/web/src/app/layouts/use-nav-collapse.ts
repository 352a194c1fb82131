import { useEffect, useState } from 'react';
import { NAV_SCROLL_THROTTLE_MS } from '@shutter/contract';
import { throttle } from '../../lib/throttle';

/** Our choice for the unshown threshold: one navigation bar height. */
export const NAV_COLLAPSE_THRESHOLD_PX = 60;

/** Spec 002 §2 and §9: the navigation collapses past a threshold, watched with a 250 ms throttle. */
export function useNavCollapse(threshold = NAV_COLLAPSE_THRESHOLD_PX): boolean {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    const check = throttle(() => setCollapsed(window.scrollY > threshold), NAV_SCROLL_THROTTLE_MS);
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      check.cancel();
      window.removeEventListener('scroll', check);
    };
  }, [threshold]);
  return collapsed;
}
