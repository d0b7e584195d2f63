/**
 * Route-level code splitting that still hydrates pre-rendered HTML without a flash: a page can be
 * preloaded before hydration, after which it renders synchronously (no Suspense fallback).
 */
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's code; with a query client, also starts loading its data (the module's `prefetch`). */
  preload: (queryClient?: QueryClient) => Promise<void>;
}

interface PageModule {
  default: ComponentType;
  prefetch?: (queryClient: QueryClient) => void;
}

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
  const Lazy = lazy(async () => {
    const mod = await load();
    Loaded = mod.default;
    return mod;
  });
  const Page = (() => (Loaded ? <Loaded /> : <Lazy />)) as LazyPage;
  Page.preload = async (queryClient) => {
    const mod = await load();
    Loaded ??= mod.default;
    if (queryClient) mod.prefetch?.(queryClient);
  };
  return Page;
}
