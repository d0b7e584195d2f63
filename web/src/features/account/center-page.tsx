/**
 * /admin/center: the personal information centre, with links to edit the profile and change the
 * password. Registration by category (the older flow) is offered only while it is open on the
 * server's clock; once it has closed, a delegate who did not register by category is led to the
 * registration orders instead (one who did keeps the link to their registration).
 */
import { Badge, Box, Button, Card, DataList, Grid, HStack, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { profileComplete } from '#core/accounts/model';
import { abstractLimits, deadlines } from '#core/config/conference';
import { formatInstant } from '#core/i18n/format';
import { FormAlert } from '../../components/form/form-alert';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { UnfinishedUploads } from '../../components/upload/unfinished-uploads';
import { paths } from '../../config/paths';
import { feePeriod } from '#core/registration-by-category/fees';
import { useServerNow, useServerTime } from '../../lib/clock';
import { AccountTabs } from './account-tabs';
import { usePersonInfo } from './api';
import { MailDeliveryNotice } from './mail-delivery-notice';
import { MailPreferencesCard } from './mail-preferences-card';
import { OwnDataCard } from './own-data-card';
import { useLang, useT } from '../../i18n/i18n';
import { countryLabel } from '../../i18n/countries';

export { prefetchPersonInfo as prefetch } from './api';

const dash = (v: string | null | undefined) => (v && v.trim() ? v : '-');

/** Paid, unpaid, or (before registration opens, on the server's clock) when it opens. */
function RegistrationBadge({ payStatus }: { payStatus: number }) {
  const now = useServerNow(60_000);
  const t = useT();
  const lang = useLang();
  if (payStatus === 2) return <Badge colorPalette="green">{t('account.center.paid')}</Badge>;
  if (!now) return null; // the clock is not synced yet: no state rather than a wrong one
  if (now.getTime() < Date.parse(deadlines.registrationOpens)) {
    // The whole instant with its time zone: on a phone it wraps inside the card rather than leave it.
    return (
      <Badge colorPalette="gray" whiteSpace="normal">
        {t('account.center.opens', { instant: formatInstant(lang, deadlines.registrationOpens) })}
      </Badge>
    );
  }
  return <Badge colorPalette="orange">{t('account.center.unpaid')}</Badge>;
}

/** Whether registration by category takes registrations now (null: the clock is not synced yet). */
const byCategoryOpen = (now: Date) => feePeriod(now) !== null;

export default function CenterPage() {
  const info = usePersonInfo();
  const t = useT();
  const lang = useLang();
  const title = t('account.center.title');
  const categoryOpen = useServerTime(byCategoryOpen, 60_000);
  // When the answer arrives the page renders in a transition, in slices, not in one long task.
  const u = useDeferredValue(info.data);
  if (info.isError && !info.data) return <QueryError error={info.error} onRetry={() => void info.refetch()} title={t('login.infoFailed')} />;
  if (!u) return <PageSkeleton title={title} />;
  const name = [u.first_name, u.middle_initial, u.last_name].filter(Boolean).join(' ');
  return (
    <Page title={title} lead={name ? t('account.center.welcome', { name }) : t('account.center.loggedInAs', { email: u.email })}>
      <Stack gap="6">
        <AccountTabs payStatus={u.pay_status} />
        <MailDeliveryNotice email={u.email} delivery={u.mail_delivery} />
        {!profileComplete(u) && (
          <FormAlert status="info" title={t('account.center.completeTitle')}>
            {t('account.center.completeText')}{' '}
            <ChakraLink asChild textDecoration="underline">
              <RouterLink to={paths.profileEdit}>{t('account.center.completeLink')}</RouterLink>
            </ChakraLink>
          </FormAlert>
        )}
        <Card.Root>
          <Card.Header>
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Heading as="h2" size="md">
                {t('account.center.personalInfo')}
              </Heading>
              {/* The badge follows the server clock: its place is kept (its own lines on a phone), so nothing moves when it appears. */}
              <Box minH={{ base: '9', sm: '6' }} flexBasis={{ base: '100%', sm: 'auto' }}>
                <RegistrationBadge payStatus={u.pay_status} />
              </Box>
            </HStack>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="horizontal" size="md">
              {[
                [t('account.email'), u.email],
                [t('account.center.name'), dash(name)],
                [t('account.center.nickname'), dash(u.nick_name)],
                [t('account.profile.occupation'), dash(u.occupation)],
                [t('account.profile.organisation'), dash(u.organization)],
                [t('account.profile.country'), dash(u.country && countryLabel(u.country, lang))],
                [t('account.profile.mobile'), dash(u.mobile)],
              ].map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  {/* minW 0 and any-point wrapping: a long e-mail address stays inside the card on a phone. */}
                  <DataList.ItemValue minW="0" overflowWrap="anywhere">
                    {value}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Card.Body>
          <Card.Footer>
            <HStack gap="3" wrap="wrap">
              <Button asChild colorPalette="brand">
                <RouterLink to={paths.profileEdit}>{t('account.center.editProfile')}</RouterLink>
              </Button>
              <Button asChild variant="outline">
                <RouterLink to={paths.updatePassword}>{t('account.center.changePassword')}</RouterLink>
              </Button>
            </HStack>
          </Card.Footer>
        </Card.Root>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
          {[
            { to: paths.abstracts, title: t('account.center.abstracts'), text: t('account.center.abstractsText', { max: abstractLimits.maxAbstractsPerDelegate }) },
            { to: paths.myPresentations, title: t('programme.mine.title'), text: t('programme.mine.cardText') },
            { to: paths.posterUpload, title: t('account.center.posters'), text: t('account.center.postersText') },
            { to: paths.oralUpload, title: t('account.center.orals'), text: t('account.center.oralsText') },
            u.register_code
              ? { to: u.register_status === 1 || u.register_status === 2 ? paths.reload : paths.fee, title: t('account.center.byCategory'), text: t('account.center.byCategoryMine', { code: u.register_code }) }
              : categoryOpen
                ? { to: paths.registerInformation, title: t('account.center.byCategory'), text: t('account.center.byCategoryOpen') }
                : { to: paths.registrationList, title: t('account.center.registration'), text: t('account.center.registrationText') },
            ...(u.register_code && u.register_status === 0 ? [{ to: paths.voucher, title: t('account.center.voucher'), text: t('account.center.voucherText') }] : []),
            ...(u.register_code ? [{ to: `${paths.fee}?cancel=1`, title: t('account.center.cancel'), text: t('account.center.cancelText') }] : []),
          ].map((card) => (
            <Card.Root key={card.to} size="sm">
              <Card.Body gap="2">
                <ChakraLink asChild fontWeight="semibold" color="brand.fg">
                  <RouterLink to={card.to}>{card.title}</RouterLink>
                </ChakraLink>
                <Text fontSize="sm" color="gray.700">
                  {card.text}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </Grid>
        <MailPreferencesCard />
        <UnfinishedUploads />
        <OwnDataCard />
      </Stack>
    </Page>
  );
}
