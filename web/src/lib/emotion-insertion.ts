/**
 * Stands in for @emotion/use-insertion-effect-with-fallbacks in the build (vite.config.ts). Emotion
 * and Chakra's `chakra()` factory insert a component's styles with React's useInsertionEffect,
 * that is in the commit: the wizard's first step inserted its whole CSS (parsed by stylis, a rule
 * at a time) in one commit, about half of a task that was a long task on a slow phone. Here they
 * are inserted as the component renders, as emotion does without useInsertionEffect (React 17,
 * and on the server): render is cut into short tasks, so the work is too. Inserting is idempotent
 * (emotion's cache remembers what it inserted); a render React throws away leaves a few rules
 * no element uses. Global styles (<Global>) keep their effect: they replace a sheet, which must
 * not happen during a render.
 */
import { useInsertionEffect } from 'react';

export const useInsertionEffectAlwaysWithSyncFallback = <T>(create: () => T): T => create();
export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
