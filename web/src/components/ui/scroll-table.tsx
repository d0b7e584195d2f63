/**
 * The one way the site shows a table (eslint forbids Table.Root anywhere else): the table takes
 * the width it needs, up to its place; a table that still needs more (a phone) scrolls sideways
 * inside a named region, and then says so: "Scroll sideways to see all columns" above it, a
 * shadow on each edge that hides columns, and the region takes keyboard focus. Whether it
 * overflows is measured in the browser (web/src/islands/table-scroll.ts): by this component in
 * the SPA, before the first paint, and by the islands script on the static pages.
 */
import { Box, Table, Text, type TableRootProps } from '@chakra-ui/react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { watchTableScroll } from '../../islands/table-scroll';
import { useT } from '../../i18n/i18n';
import { ChevronRightIcon } from './icons';

export function ScrollTable({
  label,
  children,
  ...tableProps
}: { label: string; children: ReactNode } & Omit<TableRootProps, 'children'>) {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => (root.current ? watchTableScroll(root.current) : undefined), []);
  return (
    <Box ref={root} data-table-scroll="">
      {/* Its display is the global CSS's (shown only while the table overflows). */}
      <Box data-table-scroll-hint="" alignItems="center" gap="1" mb="1.5" fontSize="sm" color="gray.700">
        <Text>{t('form.ui.scrollHint')}</Text>
        <ChevronRightIcon boxSize="4" />
      </Box>
      <Box position="relative" borderWidth="1px" rounded="md" overflow="hidden">
        <Box
          data-table-scroll-region=""
          role="region"
          aria-label={label}
          tabIndex={0}
          overflowX="auto"
          css={{ scrollbarWidth: 'thin', scrollbarColor: 'var(--chakra-colors-gray-400) transparent' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' }}
        >
          <Table.Root {...tableProps}>{children}</Table.Root>
        </Box>
        <Box data-table-scroll-edge="start" aria-hidden="true" />
        <Box data-table-scroll-edge="end" aria-hidden="true" />
      </Box>
    </Box>
  );
}
