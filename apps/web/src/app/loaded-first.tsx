import { lazy, type ComponentType } from 'react';

/** A code-split component, and a way to load its module before the app's first render. */
export interface LoadedFirst<P extends object> {
  Component: ComponentType<P>;
  loadFirst: () => Promise<void>;
}

/**
 * A code-split component that renders at once when its module was loaded before the app's first
 * render (loadFirst), and through React.lazy otherwise. A server-rendered page must hydrate with
 * the former: a boundary whose chunk is still loading stays server HTML, and the first update from
 * above (the layout learning the real viewport width, the session) makes React drop that HTML and
 * render the boundary anew, through its fallback: a blank frame, and what a reader typed lost.
 * Which of the two renders is decided once, at the first render, since a component type that
 * changed later would remount it.
 */
export function loadedFirst<P extends object>(load: () => Promise<ComponentType<P>>, track: <T>(promise: Promise<T>) => Promise<T> = (promise) => promise): LoadedFirst<P> {
  let loaded: ComponentType<P> | undefined;
  let chosen: ComponentType<P> | undefined;
  const Lazy = lazy(() => track(load()).then((component) => ({ default: component })));
  function Component(props: P) {
    chosen ??= loaded ?? (Lazy as unknown as ComponentType<P>);
    const Chosen = chosen;
    return <Chosen {...props} />;
  }
  return {
    Component,
    loadFirst: async () => {
      loaded ??= await load();
    },
  };
}
