/**
 * /admin/fee: the payment detail of the registration by category. The cost detail (fee and dinner
 * rows), Checkout and dinner choices come with the payment part of the flow; until then this page
 * says so plainly and shows what is true now: the registration number, type, fee and review state
 * (the spec's words for the review states). It takes no payment and shows no button that would.
 */
import { Badge, Card, DataList, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '#core/money';
import { categoryName } from '#core/registration-by-category/fees';
import { REGISTER_STATUS } from '#core/registration-by-category/ports';
import { FormAlert } from '../../components/form/form-alert';
import { Page, PageSkeleton } from '../../components/page';
import { paths } from '../../config/paths';
import { usePersonInfo } from '../account/api';

export const reviewTexts = {
  inReview: 'Your registration information is under review, please wait patiently.',
  rejected: 'The supporting documents you uploaded are not approved, please re-upload.',
  ready: 'Your registration is complete. You can pay the registration fee once online payment opens here.',
} as const;

export default function FeePage() {
  const info = usePersonInfo({ fresh: true });
  if (!info.data || !(info.isFetchedAfterMount || info.isError)) return <PageSkeleton title="Payment detail" />;
  const i = info.data;

  if (!i.register_code) {
    return (
      <Page title="Payment detail" lead="You have not registered by category yet.">
        <ChakraLink asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={paths.registerInformation}>Register your information</RouterLink>
        </ChakraLink>
      </Page>
    );
  }

  const paid = i.pay_status === 2;
  const state =
    i.register_status === REGISTER_STATUS.inReview ? reviewTexts.inReview : i.register_status === REGISTER_STATUS.rejected ? reviewTexts.rejected : reviewTexts.ready;
  return (
    <Page title="Payment detail" lead="Your registration by category.">
      <Stack gap="6">
        <FormAlert status={i.register_status === REGISTER_STATUS.rejected ? 'warning' : 'info'} title="Registration state">
          {state}
        </FormAlert>
        <Card.Root>
          <Card.Body>
            <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} gap="3">
              <DataList.Item>
                <DataList.ItemLabel>Registration number</DataList.ItemLabel>
                <DataList.ItemValue>{i.register_code}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Registration type</DataList.ItemLabel>
                <DataList.ItemValue>{categoryName(i.regiatration_type ?? 0)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Registration fee</DataList.ItemLabel>
                <DataList.ItemValue>{i.register_fee === null ? '-' : formatMoney(Math.round(i.register_fee * 100))}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Payment</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Badge colorPalette={paid ? 'green' : 'orange'}>{paid ? 'Paid' : 'Unpaid'}</Badge>
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Card.Body>
        </Card.Root>
        <Text color="gray.700">
          The cost detail (the fee of each person and the dinners) and online payment are not available on this page yet; they are coming. Nothing is charged
          until then. For questions, please contact the registration office.
        </Text>
      </Stack>
    </Page>
  );
}
