/**
 * Banner carousel of partners: 4 slides visible on desktop, 1 on screens up to 768 px (CSS only,
 * so the static page has the right layout from the first paint). A scroll-snap track with
 * previous/next and pause buttons, brought to life by web/src/islands/carousel.ts. A partner
 * without a logo supplied by the organisers shows its name, never an invented logo.
 */
import { Box, Button, Flex, HStack, IconButton, Image, Text } from '@chakra-ui/react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { useT } from '../../i18n/i18n';

export interface Partner {
  name: string;
  logo?: string;
  href?: string;
}

const ONE_SLIDE = '@media (max-width: 768px)';

export function PartnerCarousel({ partners }: { partners: Partner[] }) {
  const t = useT();
  return (
    <Box as="section" aria-roledescription="carousel" aria-label={t('home.carousel.label')} data-carousel="">
      <Flex align="center" gap="2">
        <IconButton aria-label={t('home.carousel.previous')} variant="outline" size="sm" data-carousel-prev="">
          <ChevronLeftIcon />
        </IconButton>
        <Box
          as="ul"
          data-carousel-track=""
          data-testid="carousel-track"
          tabIndex={0}
          aria-label={t('home.carousel.track')}
          aria-live="off"
          borderRadius="md"
          _focusVisible={{ outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
          display="flex"
          flex="1"
          overflowX="auto"
          scrollSnapType="x mandatory"
          listStyleType="none"
          css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
        >
          {partners.map((p, i) => (
            <Box
              as="li"
              key={p.name}
              data-testid="carousel-slide"
              aria-roledescription="slide"
              aria-label={t('home.carousel.slide', { n: i + 1, count: partners.length, name: p.name })}
              flex="0 0 25%"
              minW="0"
              css={{ [ONE_SLIDE]: { flex: '0 0 100%' } }}
              scrollSnapAlign="start"
              px={{ base: '3', md: '2', lg: '3' }}
            >
              <Flex direction="column" align="center" justify="center" h="28" bg="white" borderRadius="md" borderWidth="1px" px="2" gap="2">
                {p.logo ? (
                  <Image src={p.logo} alt={p.name} maxH="16" maxW="100%" width="auto" height="64px" loading="lazy" />
                ) : (
                  <Text fontWeight="semibold" fontSize="sm" color="brand.fg" textAlign="center" lineHeight="short" overflowWrap="break-word" hyphens="auto" lineClamp={4}>
                    {p.name}
                  </Text>
                )}
              </Flex>
            </Box>
          ))}
        </Box>
        <IconButton aria-label={t('home.carousel.next')} variant="outline" size="sm" data-carousel-next="">
          <ChevronRightIcon />
        </IconButton>
      </Flex>
      <HStack justify="center" mt="2">
        <Button size="xs" variant="ghost" aria-pressed="false" data-carousel-pause="" data-label-play={t('home.carousel.play')} data-label-pause={t('home.carousel.pause')}>
          {t('home.carousel.pause')}
        </Button>
        <Text srOnly>{t('home.carousel.help')}</Text>
      </HStack>
    </Box>
  );
}
