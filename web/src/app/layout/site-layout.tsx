/**
 * The frame of every page: skip link, header, main landmark, footer. After a client-side
 * navigation it moves focus to the new page's heading (screen readers announce it) and
 * scrolls to the top; a 401 from any call clears the session and goes to /home (spec).
 */
import { Box, Flex } from '@chakra-ui/react';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PageSkeleton } from '../../components/page';
import { Toaster } from '../../components/ui/toaster';
import { onUnauthorized } from '../../lib/api-client';
import { paths } from '../../config/paths';
import { Footer } from './footer';
import { Header } from './header';

function useFocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    // The heading renders with the page, possibly after a lazy chunk: try for a moment.
    let tries = 0;
    const timer = setInterval(() => {
      const heading = document.getElementById('page-title');
      if (heading || ++tries > 20) {
        clearInterval(timer);
        heading?.focus({ preventScroll: true });
      }
    }, 50);
    return () => clearInterval(timer);
  }, [pathname]);
}

export function SiteLayout() {
  const navigate = useNavigate();
  useFocusOnNavigate();
  useEffect(() => onUnauthorized(() => navigate(paths.home)), [navigate]);
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
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <Toaster />
    </Flex>
  );
}
