/**
 * The account centre's word on mail to the delegate's address: shown only when SES reported a
 * permanent bounce or a complaint (user info `mail_delivery`, core/mail/delivery.ts), plainly,
 * with the date and what it means for the mail they will and will not get.
 */
import { Box, Link as ChakraLink } from '@chakra-ui/react';
import type { PersonInfo } from '#core/accounts/model';
import { conference } from '#core/config/conference';
import { formatCstDay } from '#core/time';
import { FormAlert } from '../../components/form/form-alert';

export function MailDeliveryNotice({ email, delivery }: { email: string; delivery: PersonInfo['mail_delivery'] }) {
  if (!delivery) return null;
  const day = `${formatCstDay(delivery.at)} (CST)`;
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
      <FormAlert status="warning" title="You reported our mail as unwanted">
        <Box as="p">
          On {day} mail to {address} was reported as spam. We will not send further notifications there (confirmations, payment and
          refund news); this site shows all of it.
        </Box>
        <Box as="p" mt="2">
          Mail you ask for, such as a password reset link, is still sent. To receive notifications again, write to {write}.
        </Box>
      </FormAlert>
    );
  }
  return (
    <FormAlert status="warning" title="Mail to your address could not be delivered">
      <Box as="p">
        Mail to {address} could not be delivered on {day}. We will not send further notifications there (confirmations, payment and
        refund news); this site shows all of it.
      </Box>
      <Box as="p" mt="2">
        Please check the address, and your mailbox with your mail provider. Mail you ask for, such as a password reset link, is still
        sent: once one reaches you and you follow its link, notifications resume. If the address is wrong, write to {write}.
      </Box>
    </FormAlert>
  );
}
