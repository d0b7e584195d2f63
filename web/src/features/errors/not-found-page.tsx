import { Button, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found" lead="The page you asked for does not exist or has moved.">
      <Text mb="6" color="gray.700">
        We could not find <code>{pathname}</code>. Check the address, or start again from the home page.
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.home}>Go to the home page</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={paths.contact}>Contact us</RouterLink>
        </Button>
      </HStack>
    </Page>
  );
}
