import { createContext, useContext } from 'react';
import type { ScreenName } from '@shutter/contract';

/** Loads a code-split screen's module ahead of going to it. */
export type PreloadScreen = (screen: Exclude<ScreenName, 'Home'>) => Promise<unknown>;

/** Only the app names its lazy screens (they import the features), so it is the app that provides this. */
export const ScreenPreloadContext = createContext<PreloadScreen | null>(null);

export function usePreloadScreen(): PreloadScreen {
  const preload = useContext(ScreenPreloadContext);
  if (!preload) throw new Error('usePreloadScreen must be used inside ScreenPreloadContext');
  return preload;
}
