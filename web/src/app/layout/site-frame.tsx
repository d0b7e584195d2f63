/**
 * The frame of every page, static or SPA: skip link, header, main landmark, footer. It is static
 * HTML made at build time (web/src/entry-server.tsx); the SPA renders only inside its root in
 * <main> (`app`). There <main> is at least one screen tall, so the footer starts below the first
 * screen and a page growing as it loads moves nothing the visitor sees (no layout shift).
 */
import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import { useT } from '../../i18n/i18n';

export function SiteFrame({ children, app = false }: { children: ReactNode; app?: boolean }) {
  const t = useT();
  return (
    <Flex direction="column" minH="100vh">
      <Box
        asChild
        position="absolute"
        left="2"
        top="-40"
        zIndex="skipNav"
        bg="white"
        px="4"
        py="2"
        borderRadius="md"
        boxShadow="md"
        _focus={{ top: '2' }}
      >
        <a href="#main">{t('frame.skipLink')}</a>
      </Box>
      <Header />
      <Box as="main" id="main" flex="1" tabIndex={-1} outline="none" minH={app ? '100vh' : undefined}>
        {children}
      </Box>
      <Footer />
    </Flex>
  );
}
