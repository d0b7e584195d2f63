/**
 * Notices ("System Tips" in the spec). Pages call `toaster.success(...)` at once; the toast
 * machinery (its code and mounting its region, a long task on a phone) waits for the first
 * notice instead of slowing down every page's start. The SPA's layout mounts the region when a
 * notice is wanted (`useToasterWanted`); the notice is added once the region is in the page.
 */
import { useSyncExternalStore } from 'react';
import type * as toasterRegion from './toaster-region';

export interface Notice {
  title: string;
  description?: string;
}

const listeners = new Set<() => void>();
let wanted = false;
let region: Promise<typeof toasterRegion> | undefined;

/** The region's module; React.lazy loads the same promise. */
export function loadToasterRegion() {
  region ??= import('./toaster-region');
  return region;
}

function show(type: 'success' | 'error', notice: Notice) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadToasterRegion().then(async (m) => {
    await m.mounted;
    m.store.create({ type, ...notice });
  });
}

export const toaster = {
  success: (notice: Notice) => show('success', notice),
  error: (notice: Notice) => show('error', notice),
};

export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
