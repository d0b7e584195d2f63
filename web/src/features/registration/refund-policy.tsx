/** The refund policy in the spec's words (wizard step 1 and the cancel dialog of the list). */
import { List } from '@chakra-ui/react';
import { refundPolicyLines } from '#core/orders/refund-policy';

export function RefundPolicy() {
  return (
    <List.Root gap="2" ps="5">
      {refundPolicyLines().map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List.Root>
  );
}
