/**
 * A page of a list as it stays on screen while the next page loads (TanStack Query's
 * keepPreviousData): dimmed, marked busy for screen readers, and inert, so that a second click on
 * "Next page" cannot land on the page after the one being loaded (it skipped a page).
 */
import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function StaleList(props: { stale: boolean; children: ReactNode }) {
  return (
    <Box aria-busy={props.stale} inert={props.stale} opacity={props.stale ? 0.5 : 1} transition="opacity 0.15s" display="flex" flexDirection="column" gap="inherit">
      {props.children}
    </Box>
  );
}
