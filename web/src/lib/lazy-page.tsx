/**
 * Route-level code splitting that still hydrates pre-rendered HTML without a flash: a page can be
 * preloaded before hydration, after which it renders synchronously (no Suspense fallback).
 */
import { lazy, type ComponentType } from 'react';

export interface LazyPage {
  (): React.JSX.Element;
  preload: () => Promise<void>;
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | undefined;
  const Lazy = lazy(async () => {
    const mod = await load();
    Loaded = mod.default;
    return mod;
  });
  const Page = (() => (Loaded ? <Loaded /> : <Lazy />)) as LazyPage;
  Page.preload = async () => {
    Loaded ??= (await load()).default;
  };
  return Page;
}
