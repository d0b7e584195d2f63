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
import { formatCstInstant } from '#core/time';
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

export { prefetchPersonInfo as prefetch } from './api';

const dash = (v: string | null | undefined) => (v && v.trim() ? v : '-');

/** Paid, unpaid, or (before registration opens, on the server's clock) when it opens. */
function RegistrationBadge({ payStatus }: { payStatus: number }) {
  const now = useServerNow(60_000);
  if (payStatus === 2) return <Badge colorPalette="green">Paid</Badge>;
  if (!now) return null; // the clock is not synced yet: no state rather than a wrong one
  if (now.getTime() < Date.parse(deadlines.registrationOpens)) {
    // The whole instant with its time zone: on a phone it wraps inside the card rather than leave it.
    return (
      <Badge colorPalette="gray" whiteSpace="normal">
        Registration opens on {formatCstInstant(deadlines.registrationOpens)}
      </Badge>
    );
  }
  return <Badge colorPalette="orange">Registration unpaid</Badge>;
}

const title = 'My account';

/** Whether registration by category takes registrations now (null: the clock is not synced yet). */
const byCategoryOpen = (now: Date) => feePeriod(now) !== null;

export default function CenterPage() {
  const info = usePersonInfo();
  const categoryOpen = useServerTime(byCategoryOpen, 60_000);
  // When the answer arrives the page renders in a transition, in slices, not in one long task.
  const u = useDeferredValue(info.data);
  if (info.isError && !info.data) return <QueryError error={info.error} onRetry={() => void info.refetch()} title="Logon failed, please try again" />;
  if (!u) return <PageSkeleton title={title} />;
  const name = [u.first_name, u.middle_initial, u.last_name].filter(Boolean).join(' ');
  return (
    <Page title={title} lead={name ? `Welcome, ${name}.` : `Logged in as ${u.email}.`}>
      <Stack gap="6">
        <AccountTabs payStatus={u.pay_status} />
        <MailDeliveryNotice email={u.email} delivery={u.mail_delivery} />
        {!profileComplete(u) && (
          <FormAlert status="info" title="Complete your profile">
            Add your occupation, organisation, country and mobile number so that the secretariat can reach you.{' '}
            <ChakraLink asChild textDecoration="underline">
              <RouterLink to={paths.profileEdit}>Complete the profile</RouterLink>
            </ChakraLink>
          </FormAlert>
        )}
        <Card.Root>
          <Card.Header>
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Heading as="h2" size="md">
                Personal information
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
                ['E-mail', u.email],
                ['Name', dash(name)],
                ['Nickname', dash(u.nick_name)],
                ['Occupation', dash(u.occupation)],
                ['Organisation', dash(u.organization)],
                ['Country or region', dash(u.country)],
                ['Mobile', dash(u.mobile)],
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
                <RouterLink to={paths.profileEdit}>Edit profile</RouterLink>
              </Button>
              <Button asChild variant="outline">
                <RouterLink to={paths.updatePassword}>Change password</RouterLink>
              </Button>
            </HStack>
          </Card.Footer>
        </Card.Root>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
          {[
            { to: paths.abstracts, title: 'Abstracts', text: `Submit and manage up to ${abstractLimits.maxAbstractsPerDelegate} abstracts.` },
            { to: paths.posterUpload, title: 'Poster files', text: 'Upload your poster (ppt or pptx).' },
            { to: paths.oralUpload, title: 'Oral presentation files', text: 'Upload your slides (ppt or pptx).' },
            u.register_code
              ? { to: u.register_status === 1 || u.register_status === 2 ? paths.reload : paths.fee, title: 'Registration by category', text: `Your registration ${u.register_code}: its review and payment detail.` }
              : categoryOpen
                ? { to: paths.registerInformation, title: 'Registration by category', text: 'Register by category: member, young investigator, fellow or group.' }
                : { to: paths.registrationList, title: 'Registration', text: 'Register for the congress, pay, and see your registration orders.' },
            ...(u.register_code && u.register_status === 0 ? [{ to: paths.voucher, title: 'Payment voucher', text: 'Upload the voucher of your payment (JPG or PNG, under 5 MB).' }] : []),
            ...(u.register_code ? [{ to: `${paths.fee}?cancel=1`, title: 'Cancel registration', text: 'Cancel your registration by category; what you paid goes back to your card.' }] : []),
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
