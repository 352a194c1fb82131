import type { StoreCore } from './store-core';

/** Ends each "typing" shown when it expires, whether or not anything else changes by then. */
export function createTypingTimers({ deps, getState, dispatch }: StoreCore) {
  const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    schedule() {
      for (const [threadId, senders] of Object.entries(getState().typing)) {
        for (const [senderId, entry] of Object.entries(senders)) {
          const key = `${threadId}:${senderId}:${entry.expiresAt}`;
          if (typingTimers.has(key)) continue;
          typingTimers.set(
            key,
            setTimeout(() => {
              typingTimers.delete(key);
              dispatch({ type: 'typingExpired', threadId, senderId, now: deps.now() });
            }, Math.max(0, entry.expiresAt - deps.now())),
          );
        }
      }
    },
  };
}
