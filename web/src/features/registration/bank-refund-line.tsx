/** The order list's line for a refund by bank transfer the office owes (issue 29 item 5): the amount and the link to give the account. */
import { Box, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatWireUsd } from '#core/money';
import { paths } from '../../config/paths';
import { type OrderListItem } from './api';
import { useT } from '../../i18n/i18n';

export function BankRefundLine({ item }: { item: OrderListItem }) {
  const t = useT();
  if (!item.bank_refund_owed) return null;
  return (
    <Box fontSize="sm" data-testid="bank-refund" mt="1">
      <Text color="orange.800">{t('registration.bankRefund.text', { amount: formatWireUsd(item.bank_refund_owed) })}</Text>
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink to={paths.registrationRefundAccount} aria-label={t('registration.bankRefund.linkLabel', { orderNo: item.order_no })}>
          {t('registration.bankRefund.link')}
        </RouterLink>
      </Link>
    </Box>
  );
}
