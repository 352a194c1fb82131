import { createContext, useContext } from 'react';

/**
 * Whether the app shows its own top bar (it does for a logged-in viewer), which a sub-page's header
 * takes the place of on phones. The app provides it: ui knows nothing of the session.
 */
export const TopBarContext = createContext(false);

export const useTopBarShown = () => useContext(TopBarContext);
