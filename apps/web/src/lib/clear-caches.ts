import type { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, removeItem } from './storage';

/** Spec 000 §4 and 002 §7: caches are cleared for logged-out users (logout, account switch). */
export async function clearClientCaches(queryClient: QueryClient): Promise<void> {
  queryClient.clear();
  removeItem(STORAGE_KEYS.feedCache);
  removeItem(STORAGE_KEYS.scrollPositions);
  try {
    if (typeof caches !== 'undefined') await caches.delete(STORAGE_KEYS.feedCache);
  } catch {
    /* Cache Storage unavailable (insecure context): nothing to clear */
  }
}
