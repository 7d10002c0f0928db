import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

/** A component loaded on demand that can be asked to load ahead of its first render. */
export type PreloadableComponent<P extends object> = FunctionComponent<P> & {
  /** Starts loading the chunk (once); resolves when the component can render without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` with a `preload()`. A plain lazy component suspends on its first render even when its
 * chunk is already in memory (lazy reads the module through a promise), and React 19 holds back the
 * reveal of content that replaced a Suspense fallback by up to 300 ms (its fallback throttle), so a
 * screen whose data arrived first showed its loading spinner for another third of a second. Once
 * preloaded, this component renders the loaded one directly, in the same commit as its data.
 * A mount decides once which of the two it renders, so it never remounts its subtree.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a failed chunk may be asked for again (LoadBoundary's retry)
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload });
}
