import { Badge, Box, Heading, Stack, Text } from '@chakra-ui/react';
import pastJson from '../../content/past-congresses.json';
import type { PastCongressesContent } from '../../content/schema';
import { Page } from '../../components/page';
import { SmartLink } from '../../components/smart-link';
import { useContent } from '../../content/localise';

const english = pastJson as PastCongressesContent;

/** /congress/past: the 13 congresses from 1984 to 2017, newest first, as a timeline. */
export default function PastCongressesPage() {
  // The content in the page's language (web/src/content/localise.ts).
  const past = useContent(english);
  const congresses = [...past.congresses].sort((a, b) => b.year - a.year);
  return (
    <Page title={past.title} lead={past.lead} description={past.lead}>
      <Box as="ol" listStyleType="none" borderStartWidth="2px" borderColor="brand.200" ms="2">
        {congresses.map((c) => (
          <Box as="li" key={c.year} position="relative" ps={{ base: '5', md: '8' }} pb="8">
            <Box position="absolute" left="-7px" top="1.5" boxSize="3" borderRadius="full" bg="brand.500" aria-hidden="true" />
            <Stack gap="1">
              <Stack direction="row" align="center" gap="3" wrap="wrap">
                <Badge colorPalette="brand" variant="solid" fontSize="sm">
                  {c.year}
                </Badge>
                <Text color="gray.700" fontSize="sm">
                  {c.dates}
                </Text>
              </Stack>
              <Heading as="h2" size="md" color="brand.fg">
                {c.link ? <SmartLink href={c.link}>{c.title}</SmartLink> : c.title}
              </Heading>
              <Text fontWeight="medium">{c.subtitle}</Text>
              {c.detail && <Text color="gray.700">{c.detail}</Text>}
            </Stack>
          </Box>
        ))}
      </Box>
    </Page>
  );
}
