/** /office/settings: the congress bank account delegates pay into, published by the office. */
import { BankAccountCard } from './bank-account-card';
import { OfficeFrame } from './office-frame';

export default function SettingsPage() {
  return (
    <OfficeFrame title="Payment settings">
      <BankAccountCard />
    </OfficeFrame>
  );
}
