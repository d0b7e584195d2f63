/** The frame of every page, static or SPA: skip link, header, main landmark, footer. */
import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';

export function SiteFrame({ children }: { children: ReactNode }) {
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
        <a href="#main">Skip to main content</a>
      </Box>
      <Header />
      <Box as="main" id="main" flex="1" tabIndex={-1} outline="none">
        {children}
      </Box>
      <Footer />
    </Flex>
  );
}
