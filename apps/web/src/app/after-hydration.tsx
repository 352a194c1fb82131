import { useEffect, useRef } from 'react';

/**
 * Renders nothing; calls `run` in the task after the tree it closes has been hydrated and
 * committed (an event dispatched from inside React's effects is not heard as a reader's). Put last
 * in the root, it adds no markup, so the server's HTML still matches.
 */
export function AfterHydration({ run }: { run: () => void }) {
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    setTimeout(run);
  }, [run]);
  return null;
}
