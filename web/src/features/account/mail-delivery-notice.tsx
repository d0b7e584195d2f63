/**
 * The account centre's word on mail to the delegate's address: shown only when SES reported a
 * permanent bounce or a complaint (user info `mail_delivery`, core/mail/delivery.ts), plainly,
 * with the date and what it means for the mail they will and will not get.
 */
import { Box, Link as ChakraLink } from '@chakra-ui/react';
import type { PersonInfo } from '#core/accounts/model';
import { conference } from '#core/config/conference';
import { formatDay } from '#core/i18n/format';
import { FormAlert } from '../../components/form/form-alert';
import { useLang, useT } from '../../i18n/i18n';

export function MailDeliveryNotice({ email, delivery }: { email: string; delivery: PersonInfo['mail_delivery'] }) {
  const t = useT();
  const lang = useLang();
  if (!delivery) return null;
  const day = t('account.mail.day', { day: formatDay(lang, delivery.at) });
  const support = conference.contacts.support;
  const address = (
    <Box as="strong" overflowWrap="anywhere">
      {email}
    </Box>
  );
  const write = (
    <ChakraLink href={`mailto:${support}`} textDecoration="underline">
      {support}
    </ChakraLink>
  );
  if (delivery.problem === 'complained') {
    return (
      <FormAlert status="warning" title={t('account.mail.complainedTitle')}>
        <Box as="p">
          {t('account.mail.complainedBefore', { day })}
          {address}
          {t('account.mail.complainedAfter')}
        </Box>
        <Box as="p" mt="2">
          {t('account.mail.complainedWrite')}
          {write}
          {t('account.sentenceEnd')}
        </Box>
      </FormAlert>
    );
  }
  return (
    <FormAlert status="warning" title={t('account.mail.bouncedTitle')}>
      <Box as="p">
        {t('account.mail.bouncedBefore')}
        {address}
        {t('account.mail.bouncedAfter', { day })}
      </Box>
      <Box as="p" mt="2">
        {t('account.mail.bouncedWrite')}
        {write}
        {t('account.sentenceEnd')}
      </Box>
    </FormAlert>
  );
}
