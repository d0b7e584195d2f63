/**
 * Renders the blocks of a content file (web/src/content/schema.ts). Fee tables are filled from
 * the conference facts, never from content, so a fee shown anywhere equals the fee charged.
 */
import { Box, Button, Flex, Heading, Image, List, Stack, Table, Text } from '@chakra-ui/react';
import { ScrollTable } from '../ui/scroll-table';
import type { ConferenceFacts } from '#core/domain/conference-facts';
import { formatMoney } from '#core/money';
import { refundPolicyLines } from '#core/orders/refund-policy';
import { formatDeadline } from '#core/i18n/format';
import { useLang, useT } from '../../i18n/i18n';
import { localiseContent } from '../../content/localise';
import type { Block } from '../../content/schema';
import { withoutMissing } from '../../content/placeholders';
import { newWindowProps, linkKind } from '../smart-link';
import { Link as RouterLink } from 'react-router-dom';
import { InlineText, plainText } from './inline-text';

interface Props {
  blocks: Block[];
  facts: ConferenceFacts;
  values: Record<string, string>;
}

export function ContentBlocks({ blocks, facts, values }: Props) {
  return (
    <Stack gap="5" className="content">
      {withoutMissing(blocks, values).map((block, i) => (
        <BlockView key={i} block={block} facts={facts} values={values} />
      ))}
    </Stack>
  );
}

function SimpleTable(props: { caption?: string; columns: string[]; rows: string[][]; values: Record<string, string> }) {
  const label = props.caption ? plainText(props.caption, props.values) : props.columns.join(', ');
  return (
    <ScrollTable label={label} size="sm" variant="line">
      {props.caption && (
        <Table.Caption captionSide="top" textAlign="start" px="3" py="2" fontWeight="semibold" color="gray.700">
          <InlineText text={props.caption} values={props.values} />
        </Table.Caption>
      )}
      <Table.Header>
        <Table.Row bg="gray.50">
          {props.columns.map((c) => (
            <Table.ColumnHeader key={c} scope="col">
              {c}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {props.rows.map((row, r) => (
          <Table.Row key={r}>
            {row.map((cell, c) =>
              c === 0 ? (
                <Table.Cell key={c} as="th" scope="row" fontWeight="medium">
                  <InlineText text={cell} values={props.values} />
                </Table.Cell>
              ) : (
                <Table.Cell key={c}>
                  <InlineText text={cell} values={props.values} />
                </Table.Cell>
              ),
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

export function FeeTable({ source, facts, caption }: { source: 'registration2024' | 'legacy2019' | 'hotelRooms'; facts: ConferenceFacts; caption?: string }) {
  const values = {};
  const t = useT();
  const lang = useLang();
  /** Names from the facts (rates, rooms, categories) in the page's language where the content translations have them. */
  const name = (english: string) => localiseContent(lang, english);
  if (source === 'registration2024') {
    const r = facts.registration2024;
    return (
      <SimpleTable
        caption={t('congress.fees.caption2024', { until: formatDeadline(lang, facts.deadlines.ratesValidUntil) })}
        columns={[t('congress.fees.item'), t('congress.fees.feeUsd')]}
        rows={[
          ...r.rates.map((rate) => [t('congress.fees.rate', { label: name(rate.label) }), formatMoney(rate.amount)]),
          [t('congress.fees.accompanying'), formatMoney(r.accompanyingPersonAmount)],
          [t('congress.fees.postConference'), formatMoney(r.postConferenceVisitAmount)],
        ]}
        values={values}
      />
    );
  }
  if (source === 'hotelRooms') {
    const r = facts.registration2024;
    return (
      <SimpleTable
        caption={caption ?? t('congress.fees.hotelCaption')}
        columns={[t('congress.fees.roomType'), t('congress.fees.perNight')]}
        rows={r.hotelRooms.map((room) => [name(room.label), formatMoney(room.pricePerNight, 'CNY', 0)])}
        values={values}
      />
    );
  }
  const l = facts.legacyFees2019;
  return (
    <SimpleTable
      caption={t('congress.fees.legacyCaption')}
      columns={[t('congress.fees.category'), ...l.periods.map((p) => `${name(p.label)} (${name(p.description)})`)]}
      rows={l.categories.map((c) => [name(c.name), ...l.periods.map((p) => formatMoney(c[p.id], 'USD', 0))])}
      values={values}
    />
  );
}

function BlockView({ block, facts, values }: { block: Block; facts: ConferenceFacts; values: Record<string, string> }) {
  switch (block.type) {
    case 'heading':
      return (
        <Heading as={block.level === 3 ? 'h3' : 'h2'} size={block.level === 3 ? 'md' : 'lg'} color="brand.fg" mt="2">
          <InlineText text={block.text} values={values} />
        </Heading>
      );
    case 'paragraph':
      return (
        <Text lineHeight="tall">
          <InlineText text={block.text} values={values} />
        </Text>
      );
    case 'list':
      return (
        <List.Root as={block.ordered ? 'ol' : 'ul'} ps="5" gap="1.5" listStyleType={block.ordered ? 'decimal' : 'disc'}>
          {block.items.map((item, i) => (
            <List.Item key={i} lineHeight="tall">
              <InlineText text={item} values={values} />
            </List.Item>
          ))}
        </List.Root>
      );
    case 'table':
      return <SimpleTable caption={block.caption} columns={block.columns} rows={block.rows} values={values} />;
    case 'note':
      return (
        <Box borderStartWidth="4px" borderColor="brand.500" bg="brand.50" px="4" py="3" borderRadius="md" role="note">
          {block.title && (
            <Text fontWeight="semibold" mb="1">
              <InlineText text={block.title} values={values} />
            </Text>
          )}
          <Text>
            <InlineText text={block.text} values={values} />
          </Text>
        </Box>
      );
    case 'image':
      return (
        <Box as="figure">
          <Image src={block.src} alt={block.alt} borderRadius="md" width="100%" height="auto" loading="lazy" />
          {block.caption && (
            <Text as="figcaption" fontSize="sm" color="gray.600" mt="1">
              <InlineText text={block.caption} values={values} />
            </Text>
          )}
        </Box>
      );
    case 'features':
      return (
        <Stack gap="10">
          {block.items.map((item, i) => (
            <Flex
              key={i}
              direction={{ base: 'column', md: i % 2 === 0 ? 'row' : 'row-reverse' }}
              gap={{ base: '4', md: '8' }}
              align="center"
            >
              <Box flex="1" width="100%">
                <Image src={item.image} alt={item.alt} borderRadius="lg" width="100%" height="auto" aspectRatio="8 / 5" />
              </Box>
              <Stack flex="1" gap="3">
                <Heading as="h2" size="lg" color="brand.fg">
                  {plainText(item.heading, values)}
                </Heading>
                {item.paragraphs.map((p, j) => (
                  <Text key={j} lineHeight="tall">
                    <InlineText text={p} values={values} />
                  </Text>
                ))}
              </Stack>
            </Flex>
          ))}
        </Stack>
      );
    case 'taxi-card':
      return (
        <Box
          as="section"
          aria-label={plainText(block.title, values)}
          borderWidth="2px"
          borderColor="red.700"
          borderRadius="lg"
          p={{ base: '4', md: '6' }}
          bg="red.50"
        >
          <Text fontWeight="semibold" color="red.800" mb="3">
            {plainText(block.title, values)}
          </Text>
          <Box lang="zh-CN" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" lineHeight="short" color="gray.900">
            {block.chinese.map((line, i) => (
              <Text key={i}>{line}</Text>
            ))}
          </Box>
          <Box mt="3" color="gray.700">
            {block.english.map((line, i) => (
              <Text key={i}>{plainText(line, values)}</Text>
            ))}
          </Box>
        </Box>
      );
    case 'fee-table':
      return <FeeTable source={block.source} facts={facts} />;
    case 'refund-policy':
      return (
        <List.Root ps="5" gap="1.5" listStyleType="disc">
          {refundPolicyLines(facts.registration2024).map((line) => (
            <List.Item key={line} lineHeight="tall">
              {line}
            </List.Item>
          ))}
        </List.Root>
      );
    case 'link-button': {
      const kind = linkKind(block.href);
      return (
        <Box>
          {kind === 'internal' ? (
            <Button asChild colorPalette="brand">
              <RouterLink to={block.href}>{plainText(block.label, values)}</RouterLink>
            </Button>
          ) : (
            <Button asChild colorPalette="brand">
              <a href={block.href} {...newWindowProps(block.href)}>
                {plainText(block.label, values)}
              </a>
            </Button>
          )}
        </Box>
      );
    }
  }
}

