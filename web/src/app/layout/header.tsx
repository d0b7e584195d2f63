/**
 * Site header (spec "Header and footer"): Scenic spot, Transportation, the Conference Guide
 * dropdown; Log in when logged out; when logged in an Account link and the delegate menu
 * (abstract, poster and oral upload, logout). On phones the same items fold into one menu.
 *
 * Static HTML on every page, the SPA's included (web/src/entry-server.tsx). Both variants (logged
 * in and out) are rendered; CSS shows one by `<html data-session>` (web/src/lib/session-store.ts),
 * so the right one paints first. The dropdowns are disclosure buttons driven by
 * web/src/islands/disclosures.ts (islands script on static pages, use-site-frame.ts in the SPA).
 */
import { Box, Button, Container, Flex, HStack, Image, Link as ChakraLink, Stack, Text, type ButtonProps, type LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { accountHome, paths } from '../../config/paths';
import { useSite } from '../../content/localise';
import { langName, languages, pathIn, type Lang } from '#core/i18n/lang';
import type { MessageId } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
import { SmartLink } from '../../components/smart-link';
import { ChevronDownIcon, MenuIcon } from '../../components/ui/icons';
import { whenLoggedIn, whenLoggedOut, whenOrganiser, whenReviewer } from '../../components/ui/session-visibility';

export const delegateMenu = [
  { label: 'frame.abstractUpload', to: paths.abstracts },
  { label: 'frame.posterUpload', to: paths.posterUpload },
  { label: 'frame.oralUpload', to: paths.oralUpload },
] as const satisfies readonly { label: MessageId; to: string }[];

/** The organisers' item of the delegate menu (shown by `<html data-office>`; the office checks the role itself). */
export const officeMenuItem = { label: 'frame.office', to: paths.office } as const satisfies { label: MessageId; to: string };
/** The review team's item (shown by `<html data-review>`; the review checks the roles itself). */
export const reviewMenuItem = { label: 'frame.review', to: paths.review } as const satisfies { label: MessageId; to: string };

/** One size, weight and line for every header item (links and buttons alike). */
const itemText = { fontSize: 'sm', fontWeight: 'medium', lineHeight: '1.25rem', whiteSpace: 'nowrap' } as const;

const navLink = {
  ...itemText,
  display: 'inline-flex',
  alignItems: 'center',
  h: '9',
  px: '3',
  borderRadius: 'md',
  color: 'gray.800',
  _hover: { bg: 'brand.50', textDecoration: 'none' },
} as const;

const menuItem = {
  ...itemText,
  display: 'block',
  w: '100%',
  textAlign: 'start',
  px: '4',
  py: '2',
  color: 'gray.800',
  _hover: { bg: 'brand.50', textDecoration: 'none' },
  _focusVisible: { bg: 'brand.50' },
} as const;

function Dropdown(props: { id: string; label: ReactNode; align: 'start' | 'end'; buttonProps?: ButtonProps; children: ReactNode }) {
  return (
    <Box position="relative">
      <Button
        variant="ghost"
        {...itemText}
        h="9"
        px="3"
        color="gray.800"
        gap="1"
        data-disclosure=""
        aria-expanded="false"
        aria-controls={props.id}
        css={{ '&[aria-expanded=true] svg': { transform: 'rotate(180deg)' } }}
        {...props.buttonProps}
      >
        {props.label}
        <ChevronDownIcon />
      </Button>
      <Box
        id={props.id}
        hidden
        position="absolute"
        top="calc(100% + 4px)"
        {...(props.align === 'end' ? { right: 0 } : { left: 0 })}
        minW="15rem"
        bg="white"
        borderWidth="1px"
        borderRadius="md"
        boxShadow="lg"
        py="2"
        zIndex="dropdown"
      >
        {props.children}
      </Box>
    </Box>
  );
}

function GuideLinks({ style }: { style: Omit<LinkProps, 'href'> }) {
  const site = useSite();
  return (
    <>
      {site.header.guide.items.map((item) => (
        <SmartLink key={item.href} href={item.href} {...style}>
          {item.label}
        </SmartLink>
      ))}
    </>
  );
}

/** The page in the other language: a plain link (a full page load), which the islands script and the SPA's frame remember. */
function LanguageSwitch(props: LinkProps) {
  const lang = useLang();
  const t = useT();
  const other: Lang = languages.find((l) => l !== lang)!;
  const { pathname } = useLocation();
  return (
    <ChakraLink href={pathIn(other, pathname)} hrefLang={other} lang={other} data-language-switch="" aria-label={t('frame.switchTo', { language: langName[other] })} {...props}>
      {langName[other]}
    </ChakraLink>
  );
}

function MobileNav() {
  const site = useSite();
  const t = useT();
  const lang = useLang();
  const item = { ...menuItem, px: '2', py: '3', borderBottomWidth: '1px' } as const;
  return (
    <Box id="mobile-nav" hidden hideFrom="lg" borderTopWidth="1px" bg="white" pb="4" maxH="calc(100vh - 4rem)" overflowY="auto">
      <Container as="nav" aria-label={t('frame.mainNav')} px="4">
        <Stack gap="0">
          <SmartLink href={site.header.scenicSpot.href} {...item}>{site.header.scenicSpot.label}</SmartLink>
          <SmartLink href={site.header.transportation.href} {...item}>{site.header.transportation.label}</SmartLink>
          <Text pt="3" pb="1" px="2" fontSize="sm" color="gray.600" fontWeight="semibold">
            {site.header.guide.label}
          </Text>
          <GuideLinks style={{ ...item, ps: '5' }} />
          <Box className={whenLoggedIn}>
            <SmartLink href={accountHome} {...item}>{t('frame.account')}</SmartLink>
            {delegateMenu.map((d) => (
              <SmartLink key={d.to} href={d.to} {...item}>{t(d.label)}</SmartLink>
            ))}
            <SmartLink href={reviewMenuItem.to} {...item} className={whenReviewer}>{t(reviewMenuItem.label)}</SmartLink>
            <SmartLink href={officeMenuItem.to} {...item} className={whenOrganiser}>{t(officeMenuItem.label)}</SmartLink>
            <Button mt="3" w="100%" variant="outline" data-logout="">
              {t('frame.logOut')}
            </Button>
          </Box>
          <LanguageSwitch {...item} />
          <Button asChild mt="3" colorPalette="brand" className={whenLoggedOut}>
            <a href={pathIn(lang, paths.login)}>{t('frame.logIn')}</a>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

export function Header() {
  const site = useSite();
  const t = useT();
  const lang = useLang();
  return (
    <Box as="header" data-site-header="" bg="white" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex h="16" align="center" justify="space-between" gap="3">
          <ChakraLink href={pathIn(lang, paths.home)} aria-label={t('frame.homeLink', { name: site.shortName })} _hover={{ textDecoration: 'none' }} flexShrink={0}>
            <HStack gap="3">
              <Image src="/images/logo.svg" alt="" width="133px" height="40px" />
              <Text fontSize="xs" color="gray.600" hideBelow="xl" maxW="11rem" lineHeight="short">
                {t('frame.tagline')}
              </Text>
            </HStack>
          </ChakraLink>

          <HStack as="nav" aria-label={t('frame.mainNav')} gap="1" hideBelow="lg">
            <SmartLink href={site.header.scenicSpot.href} {...navLink}>{site.header.scenicSpot.label}</SmartLink>
            <SmartLink href={site.header.transportation.href} {...navLink}>{site.header.transportation.label}</SmartLink>
            <Dropdown id="guide-menu" label={site.header.guide.label} align="start">
              <GuideLinks style={menuItem} />
            </Dropdown>
            <HStack gap="1" className={whenLoggedIn}>
              <SmartLink href={accountHome} {...navLink}>{t('frame.account')}</SmartLink>
              <Dropdown id="delegate-menu" label={t('frame.myPortal')} align="end" buttonProps={{ variant: 'outline' }}>
                {delegateMenu.map((item) => (
                  <SmartLink key={item.to} href={item.to} {...menuItem}>{t(item.label)}</SmartLink>
                ))}
                <SmartLink href={reviewMenuItem.to} {...menuItem} className={whenReviewer}>{t(reviewMenuItem.label)}</SmartLink>
                <SmartLink href={officeMenuItem.to} {...menuItem} className={whenOrganiser}>{t(officeMenuItem.label)}</SmartLink>
                <Box as="hr" my="2" borderTopWidth="1px" />
                <Box as="button" {...menuItem} cursor="pointer" data-logout="">
                  {t('frame.logOut')}
                </Box>
              </Dropdown>
            </HStack>
            <LanguageSwitch {...navLink} />
            <Button asChild colorPalette="brand" {...itemText} h="9" ms="2" className={whenLoggedOut}>
              <a href={pathIn(lang, paths.login)}>{t('frame.logIn')}</a>
            </Button>
          </HStack>

          <HStack gap="2" hideFrom="lg">
            <LanguageSwitch {...navLink} px="2" />
            <Button asChild colorPalette="brand" size="sm" className={whenLoggedOut}>
              <a href={pathIn(lang, paths.login)}>{t('frame.logIn')}</a>
            </Button>
            <Button variant="outline" size="sm" px="2" data-disclosure="" aria-expanded="false" aria-controls="mobile-nav" aria-label={t('frame.menu')}>
              <MenuIcon />
            </Button>
          </HStack>
        </Flex>
      </Container>
      <MobileNav />
    </Box>
  );
}
