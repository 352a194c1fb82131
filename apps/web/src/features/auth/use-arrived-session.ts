import { useEffect, useState } from 'react';
import { useSession } from '../../state/session';

/**
 * The session of a page a login or signup navigates to before the session is read again (the
 * one-tap upsell, the registration prompts): reads it once on arrival when the app has no viewer
 * yet. `out` when there is none, then: the page sends the visitor to log in.
 */
export function useArrivedSession(): 'loading' | 'in' | 'out' {
  const { viewer, refresh } = useSession();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (viewer || checked) return;
    let live = true;
    void refresh()
      .catch(() => undefined)
      .finally(() => {
        if (live) setChecked(true);
      });
    return () => {
      live = false;
    };
  }, [viewer, checked, refresh]);
  if (viewer) return 'in';
  return checked ? 'out' : 'loading';
}
