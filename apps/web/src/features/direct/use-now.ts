import { useEffect, useState } from 'react';

/** The time, renewed every `everyMs` (relative times like "3m" move on while the page stays open). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
