import { Badge, Box, Card, Grid, Heading, HStack, Image, List, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '#core/money';
import hotelsJson from '../../content/hotels.json';
import { useContent } from '../../content/localise';
import type { HotelsContent } from '../../content/schema';
import { FeeTable } from '../../components/content/content-blocks';
import { useContentFacts } from '../../components/content/content-page';
import { InlineText } from '../../components/content/inline-text';
import { Page } from '../../components/page';
import { useT } from '../../i18n/i18n';

type Hotel = HotelsContent['hotels'][number];

function HotelCard({ hotel, viaRegistration, fromCny, values }: { hotel: Hotel; viaRegistration: boolean; fromCny: string; values: Record<string, string> }) {
  const id = `hotel-${hotel.image.replace(/\W+/g, '-')}`;
  const c = hotel.contact;
  const t = useT();
  return (
    <Card.Root as="article" aria-labelledby={id} overflow="hidden">
      <Image src={hotel.image} alt="" width="100%" height="auto" aspectRatio="3 / 2" objectFit="cover" loading="lazy" />
      <Card.Body gap="3">
        <Stack gap="0">
          <Heading as="h3" size="md" color="brand.fg" id={id}>
            {hotel.name}
          </Heading>
          <Text lang="zh-CN" color="gray.700" fontSize="sm">
            {hotel.chineseName}
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="brand" variant="solid" fontSize="sm">
            {viaRegistration ? t('travel.hotels.fromViaRegistration', { price: fromCny }) : t('travel.hotels.fromDirect', { price: `US$${hotel.priceFromUsd}` })}
          </Badge>
          <Badge variant="outline" aria-label={t('travel.hotels.stars', { stars: hotel.stars })}>
            {'★'.repeat(hotel.stars)}
          </Badge>
        </HStack>
        <Text fontSize="sm">
          <strong>{t('travel.hotels.distance')}</strong>
          {hotel.distance}
        </Text>
        <Text fontSize="sm">
          <strong>{t('travel.hotels.address')}</strong>
          {hotel.address}
        </Text>
        <Box fontSize="sm">
          <Text fontWeight="bold">{t('travel.hotels.gettingThere')}</Text>
          <List.Root ps="5" listStyleType="disc">
            {hotel.transport.map((t) => (
              <List.Item key={t}>{t}</List.Item>
            ))}
          </List.Root>
        </Box>
        <Box fontSize="sm">
          <Text fontWeight="bold">{t('travel.hotels.contact')}</Text>
          {/* Only what the organisers supplied; until then, the congress's registration address. */}
          {c.phone && (
            <Text>
              {t('travel.hotels.tel')}<a href={`tel:${c.phone.replace(/\s/g, '')}`}>{c.phone}</a>
            </Text>
          )}
          {c.email && (
            <Text>
              <a href={`mailto:${c.email}`}>{c.email}</a>
            </Text>
          )}
          {c.website && (
            <Text>
              <a href={c.website} target="_blank" rel="noopener noreferrer">
                {t('travel.hotels.website')}
              </a>
            </Text>
          )}
          {!c.phone && !c.email && !c.website && (
            <Text>
              {t('travel.hotels.bookingQuestions')}<a href={`mailto:${values.registrationEmail}`}>{values.registrationEmail}</a>
            </Text>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /register/hotel (static): the congress hotel, booked in the registration order with its room
 * types and CNY prices (paid at the hotel), then the six hotels near the venue, booked directly.
 */
export default function HotelsPage() {
  const content = useContent(hotelsJson as HotelsContent);
  const { facts, values } = useContentFacts();
  const t = useT();
  if (!facts.data || !values) return null;
  const f = facts.data;
  const hotels = [...content.hotels].sort((a, b) => a.priceFromUsd - b.priceFromUsd);
  const registrationHotel = hotels.find((h) => h.name === content.registrationHotel);
  const rooms = f.registration2024.hotelRooms;
  const fromCny = formatMoney(Math.min(...rooms.map((r) => r.pricePerNight)), 'CNY', 0);
  const congressHotel = registrationHotel ? registrationHotel.name : t('travel.hotels.congressHotel');
  return (
    <Page title={content.title} lead={`${content.lead} ${t('travel.hotels.rates', { from: `US$${f.hotelRateRangeUsd.from}`, to: `US$${f.hotelRateRangeUsd.to}` })}`} description={content.lead} width="wide">
      <Stack as="section" aria-labelledby="registration-hotel" gap="4" maxW="4xl" mb="12">
        <Heading as="h2" size="lg" color="brand.fg" id="registration-hotel">
          {t('travel.hotels.registrationHotel', { hotel: congressHotel })}
        </Heading>
        <List.Root ps="5" listStyleType="disc" gap="1">
          {content.notes.map((n) => (
            <List.Item key={n}>
              <InlineText text={n} values={values} />
            </List.Item>
          ))}
        </List.Root>
        <FeeTable source="hotelRooms" facts={f} caption={t('travel.hotels.roomsCaption', { hotel: congressHotel })} />
      </Stack>
      <Stack as="section" aria-labelledby="other-hotels" gap="4">
        <Heading as="h2" size="lg" color="brand.fg" id="other-hotels">
          {t('travel.hotels.nearVenue')}
        </Heading>
        <Text maxW="4xl">
          <InlineText text={content.otherHotels} values={values} />
        </Text>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="6">
          {hotels.map((h) => (
            <HotelCard key={h.name} hotel={h} viaRegistration={h === registrationHotel} fromCny={fromCny} values={values} />
          ))}
        </Grid>
      </Stack>
    </Page>
  );
}
