import { Button, HStack, Text } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';

/** In the SPA for an unknown in-app path; as /404.html (static, status 404) for every other unknown path. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found" lead="The page you asked for does not exist or has moved.">
      <Text mb="6" color="gray.700">
        We could not find <code data-current-path="">{pathname}</code>. Check the address, or start again from the home page.
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <a href={paths.home}>Go to the home page</a>
        </Button>
        <Button asChild variant="outline">
          <a href={paths.contact}>Contact us</a>
        </Button>
      </HStack>
    </Page>
  );
}
