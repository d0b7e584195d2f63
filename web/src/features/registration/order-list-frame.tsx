/**
 * The order list's title and lead: the page shows them, and its HTML (built once for every
 * delegate, web/src/app/page-frames.tsx) paints them before any script runs. Nothing here may
 * depend on the delegate: the same words are true for everyone.
 */
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { registration2024 } from '#core/config/conference';
import type { PageFrame } from '../../components/page';
import { paths } from '../../config/paths';
import { useT } from '../../i18n/i18n';

/** The lead in the page's language. */
export function OrderListLead() {
  const t = useT();
  return (
    <>
      {t('registration.list.leadBefore', { max: registration2024.maxOrdersPerDelegate })}
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink to={paths.center}>{t('registration.list.leadLink')}</RouterLink>
      </Link>
      {t('registration.list.leadAfter')}
    </>
  );
}

export const orderListFrame: PageFrame = {
  title: 'My registrations',
  titleId: 'registration.list.title',
  width: 'wide',
  lead: <OrderListLead />,
};
