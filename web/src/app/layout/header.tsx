/**
 * Site header (spec "Header and footer"): Scenic spot, Transportation, the Conference Guide
 * dropdown; Log in when logged out; when logged in an Account link and the delegate menu
 * (abstract, poster and oral upload, logout). On phones the same items fold into one menu.
 */
import { Box, Button, Container, Flex, HStack, Image, Link as ChakraLink, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import siteJson from '../../content/site.json';
import type { SiteContent } from '../../content/schema';
import { accountHome, paths } from '../../config/paths';
import { newWindowProps, SmartLink } from '../../components/smart-link';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../../components/ui/icons';
import { useSession } from '../../lib/session';
import { useLogout } from '../../features/account/use-logout';

const site = siteJson as SiteContent;

export const delegateMenu = [
  { label: 'Abstract upload', to: paths.abstracts },
  { label: 'Poster upload', to: paths.posterUpload },
  { label: 'Oral upload', to: paths.oralUpload },
] as const;

const navLinkStyle = {
  px: '3',
  py: '2',
  borderRadius: 'md',
  fontWeight: 'medium',
  color: 'gray.800',
  _hover: { bg: 'brand.50', textDecoration: 'none' },
} as const;

function GuideMenu() {
  return (
    <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="md" fontWeight="medium" color="gray.800">
          {site.header.guide.label}
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="14rem">
            {site.header.guide.items.map((item) => (
              <Menu.Item key={item.href} value={item.href} asChild>
                {item.href.startsWith('/pdf/') || item.href.startsWith('http') ? (
                  <a href={item.href} {...newWindowProps(item.href)}>
                    {item.label}
                  </a>
                ) : (
                  <RouterLink to={item.href}>{item.label}</RouterLink>
                )}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function DelegateMenu() {
  const logout = useLogout();
  return (
    <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="md" aria-label="Delegate menu">
          My portal
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="12rem">
            {delegateMenu.map((item) => (
              <Menu.Item key={item.to} value={item.to} asChild>
                <RouterLink to={item.to}>{item.label}</RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={() => void logout()}>
              Log out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function MobileNav({ loggedIn, onClose }: { loggedIn: boolean; onClose: () => void }) {
  const logout = useLogout();
  const item = { display: 'block', py: '3', px: '2', fontWeight: 'medium', borderBottomWidth: '1px', color: 'gray.800' } as const;
  return (
    <Box id="mobile-nav" hideFrom="lg" borderTopWidth="1px" bg="white" pb="4">
      <Container as="nav" aria-label="Main" px="4">
        <Stack gap="0">
          <SmartLink href={site.header.scenicSpot.href} {...item}>{site.header.scenicSpot.label}</SmartLink>
          <SmartLink href={site.header.transportation.href} {...item}>{site.header.transportation.label}</SmartLink>
          <Text pt="3" pb="1" px="2" fontSize="sm" color="gray.600" fontWeight="semibold">
            {site.header.guide.label}
          </Text>
          {site.header.guide.items.map((g) => (
            <SmartLink key={g.href} href={g.href} {...item} ps="5">
              {g.label}
            </SmartLink>
          ))}
          {loggedIn ? (
            <>
              <SmartLink href={accountHome} {...item}>Account</SmartLink>
              {delegateMenu.map((d) => (
                <SmartLink key={d.to} href={d.to} {...item}>{d.label}</SmartLink>
              ))}
              <Button mt="3" variant="outline" onClick={() => { onClose(); void logout(); }}>
                Log out
              </Button>
            </>
          ) : (
            <Button asChild mt="3" colorPalette="brand">
              <RouterLink to={paths.login}>Log in</RouterLink>
            </Button>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

export function Header() {
  const { token } = useSession();
  const loggedIn = Boolean(token);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <Box as="header" bg="white" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex h="16" align="center" justify="space-between" gap="4">
          <ChakraLink asChild _hover={{ textDecoration: 'none' }}>
            <RouterLink to={paths.home} aria-label={`${site.shortName} Beijing, home`}>
              <HStack gap="3">
                <Image src="/images/logo.svg" alt="" width="133px" height="40px" />
                <Text fontSize="xs" color="gray.600" hideBelow="md" maxW="11rem" lineHeight="short">
                  Cancer registries for better cancer control
                </Text>
              </HStack>
            </RouterLink>
          </ChakraLink>

          <HStack as="nav" aria-label="Main" gap="1" hideBelow="lg">
            <SmartLink href={site.header.scenicSpot.href} {...navLinkStyle}>{site.header.scenicSpot.label}</SmartLink>
            <SmartLink href={site.header.transportation.href} {...navLinkStyle}>{site.header.transportation.label}</SmartLink>
            <GuideMenu />
            {loggedIn ? (
              <>
                <SmartLink href={accountHome} {...navLinkStyle}>Account</SmartLink>
                <DelegateMenu />
              </>
            ) : (
              <Button asChild colorPalette="brand" ms="2">
                <RouterLink to={paths.login}>Log in</RouterLink>
              </Button>
            )}
          </HStack>

          <Button
            hideFrom="lg"
            variant="ghost"
            aria-expanded={open}
            aria-controls="mobile-nav"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </Button>
        </Flex>
      </Container>
      {open && <MobileNav loggedIn={loggedIn} onClose={() => setOpen(false)} />}
    </Box>
  );
}
