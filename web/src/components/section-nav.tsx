/**
 * A section's own navigation under its page title (the office's sections, the review's pages):
 * links that wrap on a phone, the current one marked for eyes and for screen readers.
 */
import { Box, Flex } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { matchesRoute } from '../config/paths';
import { SmartLink } from './smart-link';

export function SectionNav(props: { label: string; links: readonly { path: string; label: string }[] }) {
  const { pathname } = useLocation();
  return (
    <Box as="nav" aria-label={props.label} borderBottomWidth="1px" borderColor="gray.200" pb="3">
      <Flex as="ul" wrap="wrap" gap="1" listStyleType="none">
        {props.links.map((s) => {
          const current = matchesRoute(s.path, pathname);
          return (
            <Box as="li" key={s.path}>
              <SmartLink
                href={s.path}
                aria-current={current ? 'page' : undefined}
                display="inline-block"
                px="3"
                py="2"
                minH="11"
                rounded="md"
                fontWeight={current ? 'semibold' : 'normal'}
                bg={current ? 'brand.subtle' : undefined}
                color={current ? 'brand.fg' : 'gray.800'}
                textDecoration="none"
                _hover={{ bg: 'gray.100' }}
              >
                {s.label}
              </SmartLink>
            </Box>
          );
        })}
      </Flex>
    </Box>
  );
}
