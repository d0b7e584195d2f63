/**
 * Banner carousel of partner logos: 4 slides visible on desktop, 1 on screens up to 768 px
 * (CSS only, so the pre-rendered page already has the right layout). Scroll-snap track with
 * previous/next buttons; it advances every 5 s unless paused, hovered, focused, or the visitor
 * prefers reduced motion (WCAG 2.2.2).
 */
import { Box, Button, Flex, HStack, IconButton, Image, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';

export interface Partner {
  name: string;
  logo: string;
  href?: string;
}

const ONE_SLIDE = '@media (max-width: 768px)';

export function PartnerCarousel({ partners }: { partners: Partner[] }) {
  const track = useRef<HTMLUListElement>(null);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const media = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReducedMotion(media.matches);
  }, []);

  const page = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 2;
    const atStart = el.scrollLeft <= 2;
    if (direction === 1 && atEnd) el.scrollTo({ left: 0, behavior: 'smooth' });
    else if (direction === -1 && atStart) el.scrollTo({ left: el.scrollWidth, behavior: 'smooth' });
    else el.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
  };

  const running = !paused && !hovered && !reducedMotion;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => page(1), 5000);
    return () => clearInterval(timer);
  }, [running]);

  return (
    <Box
      as="section"
      aria-roledescription="carousel"
      aria-label="Partners and supporters"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocusCapture={() => setHovered(true)}
      onBlurCapture={() => setHovered(false)}
    >
      <Flex align="center" gap="2">
        <IconButton aria-label="Previous partners" variant="ghost" size="sm" onClick={() => page(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Box
          as="ul"
          ref={track}
          data-testid="carousel-track"
          tabIndex={0}
          aria-label="Partner logos (scroll sideways)"
          aria-live={running ? 'off' : 'polite'}
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
              aria-label={`${i + 1} of ${partners.length}: ${p.name}`}
              flex="0 0 25%"
              css={{ [ONE_SLIDE]: { flex: '0 0 100%' } }}
              scrollSnapAlign="start"
              px="3"
            >
              <Flex
                direction="column"
                align="center"
                justify="center"
                h="28"
                bg="white"
                borderRadius="md"
                borderWidth="1px"
                px="4"
                gap="2"
              >
                <Image src={p.logo} alt={p.name} maxH="16" maxW="100%" width="auto" height="64px" />
              </Flex>
            </Box>
          ))}
        </Box>
        <IconButton aria-label="Next partners" variant="ghost" size="sm" onClick={() => page(1)}>
          <ChevronRightIcon />
        </IconButton>
      </Flex>
      <HStack justify="center" mt="2">
        <Button size="xs" variant="ghost" onClick={() => setPaused((v) => !v)} aria-pressed={paused}>
          {paused ? 'Play slideshow' : 'Pause slideshow'}
        </Button>
        <Text srOnly>Use the previous and next buttons to browse the partners.</Text>
      </HStack>
    </Box>
  );
}
