import { Box, Button, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import instruction from '../../content/pages/register-instruction.json';
import type { PageContent } from '../../content/schema';
import { ContentPage } from '../../components/content/content-page';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';

/** /register/instruction: fees from the config; Next (to create an account) only when logged out. */
export default function RegisterInstructionPage() {
  const { token } = useSession();
  return (
    <ContentPage content={instruction as PageContent}>
      <Box mt="8">
        {token ? (
          <Text color="gray.700">You are logged in: your registration orders are in your account.</Text>
        ) : (
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={paths.registerStepOne}>Next</RouterLink>
          </Button>
        )}
      </Box>
    </ContentPage>
  );
}
