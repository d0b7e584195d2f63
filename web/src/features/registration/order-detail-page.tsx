/**
 * /common/order/detail/{orderId} (portal spec section 2: "reuses the reset page", its content not
 * shown). Here it is what its name says: one of the delegate's own orders. `{orderId}` is a 2024
 * order's id (the id in the order calls) or the delegate's registration number of the registration
 * by category (`register_code`, e.g. OESO-000123), shown with a link to its payment detail. Another
 * delegate's order, or one that does not exist, is "not found" alike (the server answers 404 for
 * both): nothing tells the two apart. An anonymous visitor logs in first (an auth page).
 */
import { Badge, Button, Card, DataList, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatWireUsd } from '#core/money';
import { orderFieldLabels } from '#core/orders/field-labels';
import { formatCstInstant } from '#core/time';
import { legacyFees2019 } from '#core/config/conference';
import { categoryName } from '#core/registration-by-category/fees';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { usePersonInfo } from '../account/api';
import { useOrder, type OrderDetail } from './api';

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
  return (
    <Button asChild variant="outline">
      <RouterLink to={paths.registrationList}>Your registration orders</RouterLink>
    </Button>
  );
}

function NotFound({ id }: { id: string }) {
  return (
    <Page title="Order not found" lead={`There is no order ${id} in your account.`}>
      <Text mb="6" color="gray.700">
        An order is shown only to the delegate who placed it. Your own orders are in your registration list.
      </Text>
      <BackToList />
    </Page>
  );
}

function OrderCard({ order }: { order: OrderDetail['order'] }) {
  const persons = (n: number) => String(n);
  return (
    <Page title={`Order ${order.order_no}`} lead="Your registration order for the 2024 congress.">
      <Card.Root>
        <Card.Body gap="6">
          <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} gap="3">
            <Row label="Status">
              <Badge colorPalette={statusPalette[order.payment_status] ?? 'gray'} size="lg">
                {order.status_name}
              </Badge>
            </Row>
            <Row label="Order number">{order.order_no}</Row>
            <Row label="Rate">{order.rate_label}</Row>
            <Row label={orderFieldLabels.accompanying_person}>{persons(order.accompanying_person)}</Row>
            <Row label="Post-conference activities">
              {persons(order.post_conference_activities_person)}
              {order.activity_label ? ` (${order.activity_label})` : ''}
            </Row>
            <Row label="Total">{formatWireUsd(order.amount_required)}</Row>
            {order.reference && <Row label="Transfer reference">{order.reference}</Row>}
            <Row label="Placed">{formatCstInstant(order.created_at)}</Row>
          </DataList.Root>
          <HStack gap="3" wrap="wrap">
            {order.payment_status === 0 && (
              <Button asChild colorPalette="brand">
                <RouterLink to={payLink(order)}>Pay this order</RouterLink>
              </Button>
            )}
            <BackToList />
          </HStack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}

/** A registration number of the registration by category (OESO-000123), in any case. */
const isRegistrationNumber = (id: string) => new RegExp(`^${legacyFees2019.registerCodePrefix}-\\d+$`, 'i').test(id);

/** The registration by category, when `code` is the delegate's own registration number. */
function RegistrationCard({ code }: { code: string }) {
  // Read from the server: the number this browser holds may be older than a registration just made.
  const info = usePersonInfo({ fresh: true });
  if (info.error) return <QueryError error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data || !info.isFetchedAfterMount) return <PageSkeleton title="Order" />;
  const i = info.data;
  if (!i.register_code || i.register_code.toUpperCase() !== code.toUpperCase()) return <NotFound id={code} />;
  return (
    <Page title={`Registration ${i.register_code}`} lead="Your registration by category.">
      <Card.Root>
        <Card.Body gap="6">
          <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} gap="3">
            <Row label="Registration number">{i.register_code}</Row>
            <Row label="Registration type">{categoryName(i.regiatration_type ?? 0)}</Row>
            <Row label="Payment">{i.pay_status === 2 ? 'Paid' : 'Unpaid'}</Row>
          </DataList.Root>
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.fee}>Payment detail</RouterLink>
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}

function OrderById({ id }: { id: string }) {
  const order = useOrder(id);
  if (order.error) {
    if (order.error instanceof ApiError && order.error.status === 404) return <NotFound id={id} />;
    return <QueryError error={order.error} onRetry={() => void order.refetch()} />;
  }
  if (!order.data) return <PageSkeleton title="Order" />;
  return <OrderCard order={order.data.order} />;
}

export default function OrderDetailPage() {
  const { orderId = '' } = useParams();
  return isRegistrationNumber(orderId) ? <RegistrationCard code={orderId} /> : <OrderById id={orderId} />;
}
