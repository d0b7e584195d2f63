import { HStack, Link as ChakraLink } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useT } from '../../i18n/i18n';

const tabs = [
  { label: 'account.tabs.personal', to: paths.center },
  { label: 'account.tabs.abstracts', to: paths.abstracts },
  { label: 'programme.mine.title', to: paths.myPresentations },
  { label: 'account.tabs.payment', to: paths.fee },
] as const;

/**
 * The account's tabs (spec section 2, "Screen behaviours"): Personal Information, Abstract Upload
 * and Payment Detail, shown only when the registration fee is paid (pay_status 2). Links, marked
 * as the current page where they are.
 */
export function AccountTabs({ payStatus }: { payStatus: number }) {
  const { pathname } = useLocation();
  const translate = useT();
  if (payStatus !== 2) return null;
  return (
    <HStack as="nav" aria-label={translate('account.tabs.label')} gap="1" wrap="wrap" borderBottomWidth="1px">
      {tabs.map((t) => {
        const current = pathname.toLowerCase() === t.to.toLowerCase();
        return (
          <ChakraLink
            key={t.to}
            asChild
            px="3"
            py="2"
            fontWeight="medium"
            borderBottomWidth="2px"
            borderColor={current ? 'brand.solid' : 'transparent'}
            color={current ? 'brand.fg' : 'gray.800'}
            aria-current={current ? 'page' : undefined}
          >
            <RouterLink to={t.to}>{translate(t.label)}</RouterLink>
          </ChakraLink>
        );
      })}
    </HStack>
  );
}
