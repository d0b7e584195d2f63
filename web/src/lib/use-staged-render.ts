/**
 * Renders a long page in parts, one part per task: the first commit holds what a person sees
 * first, each further part is rendered and committed in a task of its own (in a transition, after
 * the previous part's commit), so a slow phone never meets one long task for the whole page (the
 * abstract form's first commit, its style and its layout took about a second under 4x CPU
 * slowdown). Returns how many parts may be shown: 1 once `ready`, up to `parts` a few tasks later.
 */
import { startTransition, useEffect, useState } from 'react';

export function useStagedRender(parts: number, ready: boolean): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (!ready || shown >= parts) return;
    // A new task: the browser paints and handles input between two parts.
    const timer = setTimeout(() => startTransition(() => setShown((n) => Math.min(parts, n + 1))), 0);
    return () => clearTimeout(timer);
  }, [ready, shown, parts]);
  return ready ? shown : 0;
}
