/**
 * /common/order/detail/{orderId} (portal spec section 2: "reuses the reset page", its content not
 * shown). Here it is what its name says: one of the delegate's own orders. `{orderId}` is a 2024
 * order's id (the id in the order calls) or the delegate's registration number of the registration
 * by category (`register_code`, e.g. OESO-000123), shown with a link to its payment detail. Another
 * delegate's order, or one that does not exist, is "not found" alike (the server answers 404 for
 * both): nothing tells the two apart. An anonymous visitor logs in first (an auth page).
 */
import { Badge, Box, Button, Card, DataList, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatWireUsd } from '#core/money';
import { formatInstant } from '#core/i18n/format';
import { legacyFees2019, registration2024 } from '#core/config/conference';
import { categoryName } from '#core/registration-by-category/fees';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { usePersonInfo } from '../account/api';
import { useOrder, type OrderDetail } from './api';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { useOrderLabels } from './labels';
import { statusNameIds } from './status-names';
import { FapiaoCard } from './fapiao-card';

/** The wizard's step 5 for this order (as the list's Unpaid link). */
const payLink = (order: { checksum: string }) => `${paths.registrationNew}?checksum=${encodeURIComponent(order.checksum)}`;

const statusPalette: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'blue', [-1]: 'gray', [-2]: 'purple' };

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function BackToList() {
  const t = useT();
  return (
    <Button asChild variant="outline">
      <RouterLink to={paths.registrationList}>{t('registration.list.tableLabel')}</RouterLink>
    </Button>
  );
}

function NotFound({ id }: { id: string }) {
  const t = useT();
  return (
    <Page title={t('registration.detail.notFound')} lead={t('registration.detail.notFoundLead', { id })}>
      <Text mb="6" color="gray.700">
        {t('registration.detail.notFoundText')}
      </Text>
      <BackToList />
    </Page>
  );
}

function OrderCard({ order }: { order: OrderDetail['order'] }) {
  const t = useT();
  const lang = useLang();
  const label = useOrderLabels();
  const rate = registration2024.rates.find((r) => r.label === order.rate_label);
  const activity = registration2024.postConferenceActivities.find((a) => a.label === order.activity_label);
  const persons = (n: number) => String(n);
  return (
    <Page title={t('registration.wizard.orderNo', { orderNo: order.order_no })} lead={t('registration.detail.lead')}>
      <Card.Root>
        <Card.Body gap="6">
          <DataList.Root orientation="horizontal" gap="3">
            <Row label={t('registration.list.colStatus')}>
              <Badge colorPalette={statusPalette[order.payment_status] ?? 'gray'} size="lg">
                {statusNameIds[order.payment_status] ? t(statusNameIds[order.payment_status]!) : order.status_name}
              </Badge>
            </Row>
            <Row label={t('registration.detail.orderNumber')}>{order.order_no}</Row>
            <Row label={t('registration.detail.rate')}>{rate ? label.rateName(rate) : order.rate_label}</Row>
            <Row label={label.field('accompanying_person')}>{persons(order.accompanying_person)}</Row>
            <Row label={t('registration.detail.activities')}>
              {persons(order.post_conference_activities_person)}
              {order.activity_label ? t('registration.detail.activity', { activity: activity ? label.activity(activity) : order.activity_label }) : ''}
            </Row>
            <Row label={t('registration.wizard.total')}>{formatWireUsd(order.amount_required)}</Row>
            {order.reference && <Row label={t('registration.detail.reference')}>{order.reference}</Row>}
            <Row label={t('registration.detail.placed')}>{formatInstant(lang, order.created_at)}</Row>
          </DataList.Root>
          <HStack gap="3" wrap="wrap">
            {order.payment_status === 0 && (
              <Button asChild colorPalette="brand">
                <RouterLink to={payLink(order)}>{t('registration.detail.pay')}</RouterLink>
              </Button>
            )}
            <BackToList />
          </HStack>
        </Card.Body>
      </Card.Root>
      <Box mt="6">
        <FapiaoCard order={order} />
      </Box>
    </Page>
  );
}

/** A registration number of the registration by category (OESO-000123), in any case. */
const isRegistrationNumber = (id: string) => new RegExp(`^${legacyFees2019.registerCodePrefix}-\\d+$`, 'i').test(id);

/** The registration by category, when `code` is the delegate's own registration number. */
function RegistrationCard({ code }: { code: string }) {
  const t = useT();
  const localise = useLocalise();
  // Read from the server: the number this browser holds may be older than a registration just made.
  const info = usePersonInfo({ fresh: true });
  if (info.error) return <QueryError error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data || !info.isFetchedAfterMount) return <PageSkeleton title={t('registration.wizard.order')} />;
  const i = info.data;
  if (!i.register_code || i.register_code.toUpperCase() !== code.toUpperCase()) return <NotFound id={code} />;
  return (
    <Page title={t('registration.detail.registrationTitle', { code: i.register_code })} lead={t('registration.detail.registrationLead')}>
      <Card.Root>
        <Card.Body gap="6">
          <DataList.Root orientation="horizontal" gap="3">
            <Row label={t('registration.detail.registrationNumber')}>{i.register_code}</Row>
            <Row label={t('registration.detail.registrationType')}>{localise(categoryName(i.regiatration_type ?? 0))}</Row>
            <Row label={t('registration.detail.payment')}>{i.pay_status === 2 ? t('registration.status.paid') : t('registration.status.unpaid')}</Row>
          </DataList.Root>
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.fee}>{t('registration.detail.paymentDetail')}</RouterLink>
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}

function OrderById({ id }: { id: string }) {
  const t = useT();
  const order = useOrder(id);
  if (order.error) {
    if (order.error instanceof ApiError && order.error.status === 404) return <NotFound id={id} />;
    return <QueryError error={order.error} onRetry={() => void order.refetch()} />;
  }
  if (!order.data) return <PageSkeleton title={t('registration.wizard.order')} />;
  return <OrderCard order={order.data.order} />;
}

export default function OrderDetailPage() {
  const { orderId = '' } = useParams();
  return isRegistrationNumber(orderId) ? <RegistrationCard code={orderId} /> : <OrderById id={orderId} />;
}
