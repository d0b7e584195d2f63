/**
 * The visa letter's line of an order in the delegate's order list (issue 17): where the review of
 * the passport data stands, what the registration office asked to correct (with the link to the
 * form), and the letter's download once the order is paid and the data approved.
 */
import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo, paths } from '../../config/paths';
import { DocumentDownload } from '../documents/document-download';
import { type OrderListItem } from './api';
import { useLocalise, useT } from '../../i18n/i18n';

/** The current letter of the order (a regenerated one replaces the one before; the list's other documents leave letters to this line). */
function LetterDownload({ item }: { item: OrderListItem }) {
  const t = useT();
  const letter = item.documents.find((d) => d.kind === 'visa-letter' && !d.replaced_by);
  if (!letter) return <Text>{t('registration.visaLine.beingIssued')}</Text>;
  return <DocumentDownload doc={letter} />;
}

export function VisaLetterLine({ item }: { item: OrderListItem }) {
  const t = useT();
  const localise = useLocalise();
  const visa = item.visa_letter;
  if (!visa || item.payment_status < 0) return null;
  return (
    <Box fontSize="sm" data-testid="visa-letter" mt="1">
      {visa.status === 'pending' ? (
        <Text color="gray.700">{t('registration.visaLine.underReview')}</Text>
      ) : visa.status === 'correction-requested' ? (
        <Stack gap="1">
          <Text color="orange.800">{t('registration.visaLine.correct', { message: localise(visa.message ?? '') })}</Text>
          {visa.can_correct && (
            <Link asChild color="brand.fg" textDecoration="underline">
              <RouterLink to={pathTo(paths.registrationVisa, { id: item.id })} aria-label={t('registration.visaLine.correctLabel', { orderNo: item.order_no })}>
                {t('registration.visaLine.correctLink')}
              </RouterLink>
            </Link>
          )}
        </Stack>
      ) : visa.paid && visa.letter_issued ? (
        <LetterDownload item={item} />
      ) : (
        <Text color="gray.700">{t('registration.visaLine.approvedUnpaid')}</Text>
      )}
    </Box>
  );
}
