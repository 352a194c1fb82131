import { lazy, type ComponentType } from 'react';

/**
 * A code-split component that renders at once when its module was loaded before the app's first
 * render (`preload`, from main.tsx), and through React.lazy otherwise. A boundary hydrated while
 * its code still loads stays server HTML for a while, and a tap on it then is lost; loaded first,
 * the whole first screen hydrates in one pass. Which of the two renders is decided once, at the
 * first render, since a component type that changed later would remount what it shows.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let chosen: ComponentType<P> | null = null;
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    chosen ??= loaded ?? (Lazy as unknown as ComponentType<P>);
    const Component = chosen;
    return <Component {...props} />;
  }
  const preload = async () => {
    loaded = await load();
  };
  return Object.assign(Preloadable, { preload });
}
