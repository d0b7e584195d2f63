import { Box } from '@chakra-ui/react';
import { Button } from '@chakra-ui/react';
import { deadlines } from '#core/config/conference';
import guidelines from '../../content/pages/abstract-submission.json';
import type { PageContent } from '../../content/schema';
import { ContentPage } from '../../components/content/content-page';
import { paths } from '../../config/paths';
import { SubmissionClosed } from './submission-closed';
import { pathIn } from '#core/i18n/lang';
import { useLang, useT } from '../../i18n/i18n';

/**
 * /abstract/submission (static): the guidelines. Submit leads to /admin/upload (a visitor who is
 * not logged in logs in first and comes back). Once the deadline has passed on the server's clock,
 * the abstract-submit island (web/src/islands/abstract-submit.ts) shows that submission is closed
 * instead; both take the same room, so nothing below moves.
 */
export default function AbstractGuidelinesPage() {
  const t = useT();
  const lang = useLang();
  return (
    <ContentPage content={guidelines as PageContent}>
      <Box mt="8" minH="10rem" data-abstract-submit="" data-deadline={deadlines.abstractSubmission}>
        <Box data-when="open">
          <Button asChild colorPalette="brand" size="lg">
            <a href={pathIn(lang, paths.abstractNew)}>{t('abstracts.guidelines.submit')}</a>
          </Button>
        </Box>
        <Box data-when="closed" hidden>
          <SubmissionClosed />
        </Box>
      </Box>
    </ContentPage>
  );
}
