import { Button, Card, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { useConference } from '../../lib/conference';

/** /common/await: the reset mail is on its way (spec: trash folder, 2-3 minutes, support address). */
export default function AwaitPage() {
  const support = useConference().data?.conference.contacts.support;
  return (
    <Page title="Check your mailbox" lead="If an account exists for that address, we have e-mailed it a link to reset the password.">
      <Card.Root maxW="xl" mx="auto" width="100%">
        <Card.Body>
          <Stack gap="4">
            <List.Root ps="5" gap="2" listStyleType="disc">
              <List.Item>The e-mail can take 2-3 minutes to arrive. Please wait before asking again.</List.Item>
              <List.Item>Not in your inbox? Check the spam or trash folder.</List.Item>
              <List.Item>The link works once, for one hour.</List.Item>
              {support && (
                <List.Item>
                  Still nothing? Write to{' '}
                  <ChakraLink href={`mailto:${support}`} color="brand.fg">
                    {support}
                  </ChakraLink>{' '}
                  and we will help.
                </List.Item>
              )}
            </List.Root>
            <Text>
              <Button asChild variant="outline">
                <RouterLink to={paths.login}>Back to log in</RouterLink>
              </Button>
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
