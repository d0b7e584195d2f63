import { Box, Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import guidelines from '../../content/pages/abstract-submission.json';
import type { PageContent } from '../../content/schema';
import { ContentPage } from '../../components/content/content-page';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';

/** /abstract/submission: the guidelines; Submit goes to /admin/upload when logged in, else /login. */
export default function AbstractGuidelinesPage() {
  const { token } = useSession();
  return (
    <ContentPage content={guidelines as PageContent}>
      <Box mt="8">
        <Button asChild colorPalette="brand" size="lg">
          {token ? (
            <RouterLink to={paths.abstractNew}>Submit an abstract</RouterLink>
          ) : (
            <RouterLink to={paths.login} state={{ from: paths.abstractNew }}>
              Submit an abstract
            </RouterLink>
          )}
        </Button>
      </Box>
    </ContentPage>
  );
}
