/** The order list's line for a refund by bank transfer the office owes (issue 29 item 5): the amount and the link to give the account. */
import { Box, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatWireUsd } from '#core/money';
import { paths } from '../../config/paths';
import { type OrderListItem } from './api';

export function BankRefundLine({ item }: { item: OrderListItem }) {
  if (!item.bank_refund_owed) return null;
  return (
    <Box fontSize="sm" data-testid="bank-refund" mt="1">
      <Text color="orange.800">Refund of {formatWireUsd(item.bank_refund_owed)} by bank transfer: the registration office sends it to the account you give.</Text>
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink to={paths.registrationRefundAccount} aria-label={`Give the account for the refund of order ${item.order_no}`}>
          Give or check the account for your refund
        </RouterLink>
      </Link>
    </Box>
  );
}
