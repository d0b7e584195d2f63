import { Button, Card, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { useConference } from '../../lib/conference';
import { useT } from '../../i18n/i18n';

/** /common/await: the reset mail is on its way (spec: trash folder, 2-3 minutes, support address). */
export default function AwaitPage() {
  const support = useConference().data?.conference.contacts.support;
  const t = useT();
  return (
    <Page title={t('account.await.title')} lead={t('account.await.lead')}>
      <Card.Root maxW="xl" mx="auto" width="100%">
        <Card.Body>
          <Stack gap="4">
            <List.Root ps="5" gap="2" listStyleType="disc">
              <List.Item>{t('account.await.wait')}</List.Item>
              <List.Item>{t('account.await.spam')}</List.Item>
              <List.Item>{t('account.await.once')}</List.Item>
              {support && (
                <List.Item>
                  {t('account.await.stillNothing')}
                  <ChakraLink href={`mailto:${support}`} color="brand.fg">
                    {support}
                  </ChakraLink>
                  {t('account.await.weHelp')}
                </List.Item>
              )}
            </List.Root>
            <Text>
              <Button asChild variant="outline">
                <RouterLink to={paths.login}>{t('account.await.back')}</RouterLink>
              </Button>
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
