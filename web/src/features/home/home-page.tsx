/** Home (spec "Home page"): banner with the partner carousel, the 12 cards, the Instructions block. */
import { Box, Container, Grid, Heading, Image, Stack, Text } from '@chakra-ui/react';
import homeJson from '../../content/home.json';
import { useContent } from '../../content/localise';
import { useLang, useT } from '../../i18n/i18n';
import { pathIn } from '#core/i18n/lang';
import type { HomeContent } from '../../content/schema';
import { ContentBlocks } from '../../components/content/content-blocks';
import { useContentFacts } from '../../components/content/content-page';
import { PageSkeleton, PageTitle } from '../../components/page';
import { linkKind, newWindowProps } from '../../components/smart-link';
import { PartnerCarousel } from './partner-carousel';


function HomeCard({ card }: { card: HomeContent['cards'][number] }) {
  const lang = useLang();
  const t = useT();
  const kind = linkKind(card.path);
  const body = (
    <Stack direction="row" gap="4" align="flex-start" h="100%">
      <Image src={card.icon} alt="" width="48px" height="48px" flexShrink={0} />
      <Box>
        <Text fontWeight="semibold" color="brand.fg" fontSize="lg" lineHeight="short">
          {card.title}
          {kind !== 'internal' && (
            <Box as="span" srOnly data-new-tab-note="">
              {t('frame.opensNewTab')}
            </Box>
          )}
        </Text>
        <Text fontSize="sm" color="gray.700" mt="1">
          {card.description}
        </Text>
      </Box>
    </Stack>
  );
  const style = {
    display: 'block',
    h: '100%',
    p: '5',
    bg: 'white',
    borderWidth: '1px',
    borderRadius: 'lg',
    transition: 'box-shadow 0.15s, border-color 0.15s',
    _hover: { boxShadow: 'md', borderColor: 'brand.300' },
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
  } as const;
  return (
    <Box as="li" listStyleType="none">
      <Box asChild {...style}>
        <a
          href={pathIn(lang, card.path)}
          {...newWindowProps(card.path)}
          data-published-path={card.published_path ? pathIn(lang, card.published_path) : undefined}
          data-testid="home-card"
        >
          {body}
        </a>
      </Box>
    </Box>
  );
}

export default function HomePage() {
  const home = useContent(homeJson as HomeContent);
  const t = useT();
  const { facts, values } = useContentFacts();
  return (
    <>
      <PageTitle title={t('home.title')} description={`${home.hero.title}: ${home.hero.subtitle}`} />
      <Box
        bgImage="url(/images/hero.svg)"
        bgSize="cover"
        bgPos="center"
        bgColor="brand.700"
        color="white"
      >
        <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
          <Stack gap="3" maxW="3xl" bg="rgba(5, 26, 48, 0.72)" p={{ base: '5', md: '8' }} borderRadius="lg">
            <Heading as="h1" id="page-title" tabIndex={-1} outline="none" size={{ base: '2xl', md: '4xl' }} lineHeight="short">
              {home.hero.title}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }}>{home.hero.subtitle}</Text>
            <Text fontWeight="semibold" fontSize={{ base: 'md', md: 'lg' }}>
              {home.hero.dates} · {home.hero.place}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Box bg="gray.50" py="4" borderBottomWidth="1px">
        <Container maxW="7xl" px={{ base: '2', md: '6' }}>
          <PartnerCarousel partners={home.partners} />
        </Container>
      </Box>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <Heading as="h2" srOnly>
          {t('home.quickLinks')}
        </Heading>
        <Grid as="ul" templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' }} gap="4">
          {home.cards.map((card) => (
            <HomeCard key={card.title} card={card} />
          ))}
        </Grid>
        <Box as="section" aria-labelledby="instructions-title" mt={{ base: '10', md: '14' }} maxW="4xl">
          <Heading as="h2" id="instructions-title" size="xl" color="brand.fg" mb="4">
            {home.instructions.title}
          </Heading>
          {facts.data && values ? (
            <ContentBlocks blocks={home.instructions.blocks} facts={facts.data} values={values} />
          ) : (
            <PageSkeleton />
          )}
        </Box>
      </Container>
    </>
  );
}
