/** /office/settings: the congress bank account delegates pay into, published by the office. */
import { BankAccountCard } from './bank-account-card';
import { OfficeFrame } from './office-frame';
import { useT } from '../../i18n/i18n';

export default function SettingsPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.section.settings')}>
      <BankAccountCard />
    </OfficeFrame>
  );
}
