/**
 * Facts of one record as label and value (a description list): side by side from `md`, the labels
 * in one column and the values in the next, so the values start at one edge and use the width; on
 * a phone each value under its label. Chakra's DataList with a responsive orientation stacked and
 * centred each pair instead (its horizontal variant keeps the vertical one's column direction).
 */
import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function FactList({ facts, label }: { facts: [string, ReactNode][]; label?: string }) {
  return (
    <DataList.Root
      aria-label={label}
      display="grid"
      gridTemplateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(10rem, max-content) minmax(0, 1fr)' }}
      columnGap="6"
      rowGap={{ base: '1', md: '3' }}
    >
      {facts.map(([name, value]) => (
        <DataList.Item key={name} display="contents">
          <DataList.ItemLabel color="gray.700">{name}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word" pb={{ base: '2', md: '0' }} display="block">
            {value || '-'}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
