import { useMemo, useState } from 'react';
import { thumbHashToDataURL } from 'thumbhash';
import { thumbhashBytes } from './media-sources';
import { useHydrated } from './use-hydrated';

function placeholderOf(thumbhash: string | null | undefined): string | undefined {
  if (!thumbhash) return undefined;
  try {
    return thumbHashToDataURL(thumbhashBytes(thumbhash));
  } catch {
    return undefined;
  }
}

/**
 * A photo that fades in over its thumbhash placeholder once loaded. One that came in the server's
 * HTML shows as it arrives instead, without a placeholder: it may have loaded before the client
 * could listen for it, the page must read without scripts, and the placeholders (PNGs as data URLs,
 * which hardly compress) would add more to the HTML than the photos' markup itself.
 */
export function useImageFade(thumbhash: string | null | undefined) {
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  const [loaded, setLoaded] = useState(false);
  const placeholder = useMemo(() => (fromServer ? undefined : placeholderOf(thumbhash)), [fromServer, thumbhash]);
  return { shown: loaded || fromServer, placeholder: loaded ? undefined : placeholder, onLoad: () => setLoaded(true) };
}
