import { Badge, Box, Card, Grid, Heading, HStack, Image, List, Stack, Text } from '@chakra-ui/react';
import hotelsJson from '../../content/hotels.json';
import type { HotelsContent } from '../../content/schema';
import { FeeTable } from '../../components/content/content-blocks';
import { useConference } from '../../lib/conference';
import { Page } from '../../components/page';

const content = hotelsJson as HotelsContent;

/** /register/hotel: six hotels with price-from, distance, transport and contact details. */
export default function HotelsPage() {
  const facts = useConference();
  const hotels = [...content.hotels].sort((a, b) => a.priceFromUsd - b.priceFromUsd);
  const range = facts.data?.hotelRateRangeUsd;
  return (
    <Page
      title={content.title}
      lead={range ? `${content.lead} Rates from US$${range.from} to US$${range.to} per night.` : content.lead}
      description={content.lead}
      width="wide"
    >
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="6">
        {hotels.map((h) => (
          <Card.Root as="article" key={h.name} aria-labelledby={`hotel-${h.priceFromUsd}-${h.stars}`} overflow="hidden">
            <Image src={h.image} alt="" width="100%" height="auto" aspectRatio="3 / 2" objectFit="cover" />
            <Card.Body gap="3">
              <Stack gap="0">
                <Heading as="h2" size="md" color="brand.fg" id={`hotel-${h.priceFromUsd}-${h.stars}`}>
                  {h.name}
                </Heading>
                <Text lang="zh-CN" color="gray.700" fontSize="sm">
                  {h.chineseName}
                </Text>
              </Stack>
              <HStack gap="2" wrap="wrap">
                <Badge colorPalette="brand" variant="solid" fontSize="sm">
                  From US${h.priceFromUsd} / night
                </Badge>
                <Badge variant="outline" aria-label={`${h.stars} stars`}>
                  {'★'.repeat(h.stars)}
                </Badge>
              </HStack>
              <Text fontSize="sm">
                <strong>Distance: </strong>
                {h.distance}
              </Text>
              <Text fontSize="sm">
                <strong>Address: </strong>
                {h.address}
              </Text>
              <Box fontSize="sm">
                <Text fontWeight="bold">Getting there</Text>
                <List.Root ps="5" listStyleType="disc">
                  {h.transport.map((t) => (
                    <List.Item key={t}>{t}</List.Item>
                  ))}
                </List.Root>
              </Box>
              <Box fontSize="sm">
                <Text fontWeight="bold">Contact</Text>
                <Text>
                  Tel. <a href={`tel:${h.contact.phone.replace(/\s/g, '')}`}>{h.contact.phone}</a>
                </Text>
                {h.contact.email && (
                  <Text>
                    <a href={`mailto:${h.contact.email}`}>{h.contact.email}</a>
                  </Text>
                )}
              </Box>
            </Card.Body>
          </Card.Root>
        ))}
      </Grid>
      <Stack gap="4" mt="10" maxW="4xl">
        <Heading as="h2" size="lg" color="brand.fg">
          Booking through your registration
        </Heading>
        <List.Root ps="5" listStyleType="disc" gap="1">
          {content.notes.map((n) => (
            <List.Item key={n}>{n}</List.Item>
          ))}
        </List.Root>
        {facts.data && <FeeTable source="hotelRooms" facts={facts.data} />}
      </Stack>
    </Page>
  );
}
