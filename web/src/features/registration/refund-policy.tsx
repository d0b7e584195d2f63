/** The refund policy in the spec's words (wizard step 1 and the cancel dialog of the list). */
import { List } from '@chakra-ui/react';
import { registration2024 } from '#core/config/conference';

export function RefundPolicy() {
  return (
    <List.Root gap="2" ps="5">
      {registration2024.refundPolicy.map((tier) => (
        <List.Item key={tier.text}>{tier.text}</List.Item>
      ))}
      <List.Item>{registration2024.noRefundText}</List.Item>
      {registration2024.refundNotes.map((note) => (
        <List.Item key={note}>{note}</List.Item>
      ))}
    </List.Root>
  );
}
