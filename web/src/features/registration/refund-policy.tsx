/** The refund policy in the spec's words (wizard step 1 and the cancel dialog of the list). */
import { List } from '@chakra-ui/react';
import { refundPolicyLines } from '#core/orders/refund-policy';
import { useLocalise } from '../../i18n/i18n';

export function RefundPolicy() {
  const localise = useLocalise();
  return (
    <List.Root gap="2" ps="5">
      {refundPolicyLines().map((line) => (
        <List.Item key={line}>{localise(line)}</List.Item>
      ))}
    </List.Root>
  );
}
